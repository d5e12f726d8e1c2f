extension BusConnection {
    /// Exports `object`: method calls to its path reach its handlers; `Introspect` returns its XML;
    /// `org.freedesktop.DBus.Properties` serves its properties. Calls to methods it lacks get
    /// `UnknownMethod`, to interfaces it lacks `UnknownInterface`.
    ///
    /// ```swift
    /// try bus.export(BusObject(path: "/org/example/Echo", interfaces: [
    ///     BusInterface("org.example.Echo1", methods: [.sync("Echo") { call in call.arguments }]),
    /// ], introspectionXML: xml))
    /// ```
    public func export(_ object: BusObject) throws(BusError) {
        for interface in object.interfaces.values {
            try LibDBus.validateInterface(interface.name)
            for method in interface.methods.keys { try LibDBus.validateMember(method) }
            for property in interface.properties.keys { try LibDBus.validateMember(property) }
        }
        try router.export(object)
    }

    /// Stops exporting the object at `path`; later calls to it get `UnknownObject`.
    public func unexport(_ path: BusObjectPath) {
        router.unexport(path)
    }

    /// Answers calls to async method handlers, concurrently, until the connection closes or the
    /// task is cancelled. Calls that arrive while nothing serves wait for the next `serve()` (up to
    /// 1024; beyond that they get `LimitsExceeded`); a cancelled `serve()` finishes the calls it
    /// started and leaves the others queued. One `serve()` runs at a time per connection:
    /// a second concurrent call returns at once.
    ///
    /// ```swift
    /// try bus.export(object)
    /// _ = try await bus.requestName("org.example.Echo")
    /// await bus.serve()    // e.g. inside a Service's run()
    /// ```
    public func serve() async {
        guard let wakeUps = router.startServing() else { return }
        await withDiscardingTaskGroup { group in
            for await _ in wakeUps {
                for call in router.takeQueuedCalls() {
                    group.addTask { await call.run() }
                }
            }
        }
    }
}
