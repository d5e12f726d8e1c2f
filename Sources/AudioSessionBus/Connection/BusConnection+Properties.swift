extension BusConnection {
    /// Announces changed properties of an exported object
    /// (`org.freedesktop.DBus.Properties.PropertiesChanged`): new values in `changed`, names whose
    /// values clients must fetch again in `invalidated`.
    ///
    /// ```swift
    /// try bus.emitPropertiesChanged(path: "/org/example/Player", interface: "org.example.Player1",
    ///                               changed: ["Volume": .double(0.3)])
    /// ```
    public func emitPropertiesChanged(
        path: BusObjectPath, interface: String, changed: [String: BusValue], invalidated: [String] = []
    ) throws(BusError) {
        try LibDBus.validateInterface(interface)
        let values = Dictionary(uniqueKeysWithValues: changed.map { (BusValue.string($0.key), BusValue.variant($0.value)) })
        try emitSignal(
            path: path, interface: BusStandardInterface.properties, name: "PropertiesChanged",
            arguments: [
                .string(interface), .dictionary(key: .string, value: .variant, values),
                .array(element: .string, invalidated.map(BusValue.string)),
            ])
    }
}
