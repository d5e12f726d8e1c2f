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
        let signal = BusSignalEmission(path: path, interface: interface, name: name, arguments: arguments, destination: destination)
        try sendChecked(try signal.message())
    }

    /// Emits `signals` in order, handed to the connection's thread in one go: one wake-up of that
    /// thread for all of them instead of one each, which matters to a caller on a latency path.
    ///
    /// A signal that cannot be built (an invalid name or destination) is left out and the others
    /// are still sent; the first such failure is thrown after they have been handed over.
    ///
    /// ```swift
    /// try bus.emitSignals([
    ///     BusSignalEmission(path: "/org/example/Player", interface: "org.example.Player1", name: "Paused"),
    ///     BusSignalEmission(path: "/org/example/Player", interface: "org.example.Player1", name: "Muted"),
    /// ])
    /// ```
    ///
    /// - Throws: ``BusError`` when the connection is closed (nothing is sent), or the first
    ///   signal that could not be built.
    public func emitSignals(_ signals: [BusSignalEmission]) throws(BusError) {
        guard !signals.isEmpty else { return }
        guard loop.isOpen else { throw BusError(.disconnected, "the connection to the bus is closed") }
        var messages: [Message] = []
        var firstFailure: BusError?
        for signal in signals {
            do throws(BusError) {
                messages.append(try signal.message())
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        loop.send(messages)
        if let firstFailure { throw firstFailure }
    }

    /// Subscribes as ``signals(matching:)`` does, or returns nil when the connection was closed
    /// under the call: a service that subscribes as it starts, on a connection its process shares,
    /// then ends quietly when a shutdown came right after the start.
    ///
    /// ```swift
    /// guard let changes = try await bus.signalsUnlessClosed(matching: rule) else { return }
    /// ```
    public func signalsUnlessClosed(matching rule: BusMatchRule) async throws -> BusSignals? {
        do {
            return try await signals(matching: rule)
        } catch {
            if !isConnected { return nil }
            throw error
        }
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
