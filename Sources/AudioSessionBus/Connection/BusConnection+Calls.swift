extension BusConnection {
    /// Calls a method and returns the reply's arguments, or throws the remote error
    /// (``BusError`` with its D-Bus name and message), `NoReply` after `timeout`, or
    /// `CancellationError` when the task is cancelled.
    ///
    /// ```swift
    /// let reply = try await bus.call(
    ///     destination: "org.audiosession.Agent", path: "/org/audiosession/Agent",
    ///     interface: "org.audiosession.Agent1", method: "Activate", arguments: [.uint32(7)],
    ///     timeout: .seconds(5))
    /// ```
    ///
    /// The corresponding libdbus call is `dbus_connection_send_with_reply`.
    public func call(
        destination: String?, path: BusObjectPath, interface: String?, method: String,
        arguments: BusArguments = [], timeout: Duration = .seconds(25)
    ) async throws -> BusArguments {
        try await call(
            destination: destination, path: path, interface: interface, method: method, arguments: arguments,
            timeout: timeout, takesDescriptor: false)
    }

    /// Calls a method whose reply is one file descriptor (`h`), and takes that descriptor into
    /// this process; the caller closes it (``BusFileDescriptor/close()``). Throws like
    /// ``call(destination:path:interface:method:arguments:timeout:)``, and `InvalidArgs` when the
    /// reply is anything else (any descriptor in it is closed then).
    ///
    /// ```swift
    /// let inhibitor = try await systemBus.callTakingDescriptor(
    ///     destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
    ///     interface: "org.freedesktop.login1.Manager", method: "Inhibit",
    ///     arguments: [.string("sleep"), .string("audiosessiond"), .string("telling apps"), .string("delay")])
    /// ```
    public func callTakingDescriptor(
        destination: String?, path: BusObjectPath, interface: String?, method: String,
        arguments: BusArguments = [], timeout: Duration = .seconds(25)
    ) async throws -> BusFileDescriptor {
        let reply = try await call(
            destination: destination, path: path, interface: interface, method: method, arguments: arguments,
            timeout: timeout, takesDescriptor: true)
        guard case .int32(let descriptor)? = reply.values.first else {
            throw BusError(.invalidArgs, "expected a reply of one file descriptor")
        }
        return BusFileDescriptor(adopting: descriptor)
    }

    private func call(
        destination: String?, path: BusObjectPath, interface: String?, method: String,
        arguments: BusArguments, timeout: Duration, takesDescriptor: Bool
    ) async throws -> BusArguments {
        let message = try LibDBus.methodCall(
            destination: destination, path: path, interface: interface, method: method, arguments: arguments)
        let milliseconds = BusConnection.milliseconds(timeout)
        let loop = self.loop
        let reply = PendingReply(loop: loop, takesDescriptor: takesDescriptor)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard reply.install(continuation) else { return }
                loop.perform { connection in
                    guard let connection else {
                        reply.finish(.failure(BusError(.disconnected, "the connection to the bus is closed")))
                        return
                    }
                    reply.send(message, on: connection, timeoutMilliseconds: milliseconds)
                }
            }
        } onCancel: {
            reply.cancel()
            loop.perform { connection in
                // With the connection closed, the loop's shutdown has dropped the pending call.
                guard connection != nil else { return }
                reply.cancelPendingCall()
            }
        }
    }

    /// Calls a method without waiting for, or wanting, a reply (the callee sends none).
    ///
    /// ```swift
    /// try bus.send(destination: "org.example.Player", path: "/org/example/Player",
    ///              interface: "org.example.Player", method: "Pause")
    /// ```
    public func send(
        destination: String?, path: BusObjectPath, interface: String?, method: String, arguments: BusArguments = []
    ) throws(BusError) {
        let message = try LibDBus.methodCall(
            destination: destination, path: path, interface: interface, method: method, arguments: arguments)
        LibDBus.setNoReply(message)
        try sendChecked(message)
    }

    func sendChecked(_ message: Message) throws(BusError) {
        guard loop.isOpen else { throw BusError(.disconnected, "the connection to the bus is closed") }
        loop.send(message)
    }

    /// A duration as the whole milliseconds libdbus takes, at least 1.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int32.max }
        return Int32(clamping: max(1, milliseconds.partialValue + attoseconds / 1_000_000_000_000_000))
    }

    /// Calls a method of the bus itself.
    func callBus(_ method: String, _ arguments: BusArguments) async throws -> BusArguments {
        try await call(
            destination: BusDaemon.name, path: BusDaemon.path, interface: BusDaemon.interface, method: method,
            arguments: arguments)
    }
}
