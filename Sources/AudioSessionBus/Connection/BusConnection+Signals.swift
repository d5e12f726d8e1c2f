extension BusConnection {
    /// Emits a signal: broadcast to every connection whose rules match, or unicast to
    /// `destination` alone.
    ///
    /// ```swift
    /// try bus.emitSignal(path: "/org/example/Player", interface: "org.example.Player1",
    ///                    name: "Interrupted", arguments: [.string("call")], destination: ":1.42")
    /// ```
    public func emitSignal(
        path: BusObjectPath, interface: String, name: String, arguments: BusArguments = [], destination: String? = nil
    ) throws(BusError) {
        try sendChecked(
            try LibDBus.signal(path: path, interface: interface, name: name, arguments: arguments, destination: destination))
    }

    /// Subscribes to the signals `rule` matches and returns them as a sequence; the rule is in
    /// place at the bus when this returns.
    ///
    /// ```swift
    /// let signals = try await bus.signals(matching: BusMatchRule(interface: "org.example.Player1"))
    /// for await signal in signals { print(signal.member) }
    /// ```
    ///
    /// The corresponding bus call is `org.freedesktop.DBus.AddMatch`.
    public func signals(matching rule: BusMatchRule) async throws -> BusSignals {
        let (stream, continuation) = AsyncStream.makeStream(of: BusSignal.self)
        guard let id = router.subscribe(rule, continuation) else {
            throw BusError(.disconnected, "the connection to the bus is closed")
        }
        let text = rule.text
        let router = self.router
        let loop = self.loop
        continuation.onTermination = { _ in
            router.unsubscribe(id)
            if let removal = try? LibDBus.methodCall(
                destination: BusDaemon.name, path: BusDaemon.path, interface: BusDaemon.interface, method: "RemoveMatch",
                arguments: [.string(text)])
            {
                LibDBus.setNoReply(removal)
                loop.send(removal)
            }
        }
        do {
            _ = try await callBus("AddMatch", [.string(text)])
        } catch {
            continuation.finish()
            throw error
        }
        return BusSignals(stream: stream)
    }

    /// Watches name ownership on the bus, e.g. to learn when a client's connection goes away
    /// (its unique name loses its owner).
    ///
    /// ```swift
    /// for await change in try await bus.nameOwnerChanges() where change.isDisconnection {
    ///     sessions.endAll(ownedBy: change.name)
    /// }
    /// ```
    public func nameOwnerChanges(of name: String? = nil) async throws -> NameOwnerChanges {
        let rule = BusMatchRule(
            sender: BusDaemon.name, interface: BusDaemon.interface, member: "NameOwnerChanged", path: BusDaemon.path,
            arguments: name.map { [0: $0] } ?? [:])
        return NameOwnerChanges(signals: try await signals(matching: rule))
    }
}
