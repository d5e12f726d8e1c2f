/// The message bus itself, as a peer: `org.freedesktop.DBus` at `/org/freedesktop/DBus`.
enum BusDaemon {
    static let name = "org.freedesktop.DBus"
    static let path: BusObjectPath = "/org/freedesktop/DBus"
    static let interface = "org.freedesktop.DBus"
}

extension BusConnection {
    /// Calls a method of the bus itself.
    func callBus(_ method: String, _ arguments: BusArguments) async throws -> BusArguments {
        try await call(
            destination: BusDaemon.name, path: BusDaemon.path, interface: BusDaemon.interface, method: method,
            arguments: arguments)
    }
}
