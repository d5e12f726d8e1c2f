public import Logging
internal import Synchronization

/// A connection to a PipeWire server and a live mirror of its registry.
///
/// The connection owns a `pw_thread_loop`, a `pw_context` and a `pw_core`. It binds every node
/// (for state, full properties and the `Props` param) and every metadata object (for their
/// entries), keeps what they report in ``globals`` and the metadata accessors, and reports each
/// change as a ``PipeWireEvent``: synchronously on the loop thread to handlers added with
/// ``addEventHandler(replayingCurrentGlobals:_:)``, and to every ``PipeWireEvents`` sequence.
///
/// ```swift
/// let connection = try await PipeWireConnection.connect()
/// defer { connection.close() }
/// for global in connection.globals.values where global.type == .node {
///     print(global.id, global.name ?? "?", global.node?.state ?? .creating)
/// }
/// ```
public final class PipeWireConnection: Sendable {
    let state: ConnectionState
    private let closed = Mutex(false)

    private init(state: ConnectionState) { self.state = state }

    /// Connects to a PipeWire server and returns once the mirror holds every global, and every
    /// node's info and Props, that existed at connection time.
    ///
    /// ```swift
    /// let connection = try await PipeWireConnection.connect(remote: "/run/user/1000/pipewire-0")
    /// print(connection.defaults.audioSink ?? "no default sink")
    /// ```
    ///
    /// - Parameters:
    ///   - remote: the server's socket: an absolute path, or a name in the runtime directory. Nil
    ///     means what libpipewire picks: `PIPEWIRE_REMOTE`, else `pipewire-0` in
    ///     `PIPEWIRE_RUNTIME_DIR` or `XDG_RUNTIME_DIR`.
    ///   - applicationName: how the server and tools such as `pw-dump` name this client.
    ///   - logger: where the backend logs connection trouble.
    ///   - connectTimeout: how long each of the first round trips may take before the server counts
    ///     as stuck.
    /// - Throws: ``PipeWireError`` with code ``PipeWireError/Code/connectionFailed`` when no server
    ///   answers there, ``PipeWireError/Code/timedOut`` when one accepts the connection but does
    ///   not answer.
    ///
    /// The corresponding libpipewire calls are `pw_thread_loop_new`, `pw_context_new` and
    /// `pw_context_connect`.
    public static func connect(
        remote: String? = nil, applicationName: String = "AudioSession",
        logger: Logger = Logger(label: "audiosession.pipewire"), connectTimeout: Duration = .seconds(30)
    ) async throws(PipeWireError) -> PipeWireConnection {
        _ = PipeWireLibrary.initialized
        let loop = try ThreadLoop(name: "audiosession-pw")
        let state = ConnectionState(loop: loop, logger: logger)
        do {
            try loop.start()
            try loop.withLock { () throws(PipeWireError) in
                try state.connect(remote: remote, properties: ["application.name": applicationName])
            }
        } catch {
            loop.stop()
            loop.withLock { state.tearDown() }
            throw error
        }
        let connection = PipeWireConnection(state: state)
        // Round trip 1 brings every global (and binds nodes and metadata); round trip 2 their
        // info, whose arrival asks for Props; round trip 3 the Props.
        for _ in 0..<3 { try await connection.sync(timeout: connectTimeout) }
        return connection
    }

    /// Disconnects and frees every libpipewire object; event sequences end, the mirror empties,
    /// and ``sync()`` and commands fail with ``PipeWireError/Code/closed``. Safe to call more than once, and
    /// from an event handler (the loop thread cannot stop itself, so the teardown then finishes
    /// on a thread of its own once the handler returns).
    ///
    /// ```swift
    /// let connection = try await PipeWireConnection.connect()
    /// defer { connection.close() }
    /// ```
    public func close() {
        let first = closed.withLock { wasClosed in
            defer { wasClosed = true }
            return !wasClosed
        }
        guard first else { return }
        let state = state
        if state.loop.isCurrentThread {
            DetachedThread.run { Self.shutDown(state) }
        } else {
            Self.shutDown(state)
        }
    }

    private static func shutDown(_ state: ConnectionState) {
        state.loop.withLock { state.markClosed() }
        state.loop.stop()
        state.loop.withLock { state.tearDown() }
    }

    deinit { close() }

    /// Waits until the server has processed every request this connection sent before, and
    /// delivered the events they caused.
    ///
    /// ```swift
    /// try connection.setProps(PipeWireNodeProps(volume: 0.3), onNode: id)
    /// try await connection.sync()   // the server has applied it, or reported why not
    /// ```
    ///
    /// - Throws: the first ``PipeWireError/Code/serverError`` the server reported meanwhile about
    ///   the core or a node or metadata object the connection still mirrors, or
    ///   ``PipeWireError/Code/disconnected`` / ``PipeWireError/Code/closed``. An object another
    ///   client implements (the `default` metadata is WirePlumber's) answers through that client,
    ///   which the round trip does not wait for: its errors may come after `sync` returned, as a
    ///   ``PipeWireEvent/serverError(_:)`` event.
    ///
    /// The corresponding libpipewire call is `pw_core_sync`.
    public func sync() async throws(PipeWireError) {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, PipeWireError>, Never>) in
            state.loop.withLock { () -> Void in state.startSync(continuation) }
        }
        try result.get()
    }

    /// ``sync()`` for at most `timeout`: a server that keeps its socket open but stopped
    /// answering fails the round trip with ``PipeWireError/Code/timedOut`` instead of holding
    /// the caller (an agent shutting down, a probe of an old server) forever.
    ///
    /// ```swift
    /// try await connection.sync(timeout: .seconds(5))
    /// ```
    public func sync(timeout: Duration) async throws(PipeWireError) {
        let state = state
        let pending = PendingSequence()
        let deadline = PipeWireLoopTimer(on: self) {
            guard let sequence = pending.sequence else { return }
            state.abandonSync(sequence, with: PipeWireError(
                code: .timedOut, operation: "pw_core_sync",
                message: "the server did not answer within \(timeout); it may be stuck"))
        }
        defer { deadline.cancel() }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, PipeWireError>, Never>) in
            state.loop.withLock { () -> Void in
                pending.sequence = state.startSync(continuation)
                if pending.sequence != nil { deadline.arm(after: timeout) }
            }
        }
        try result.get()
    }
}

/// The sequence number of a timed round trip, for its deadline's action.
///
/// `@unchecked Sendable`: written and read only with the loop locked (inside `withLock`, and in
/// the timer's action, which runs on the loop thread with the lock held).
private final class PendingSequence: @unchecked Sendable {
    var sequence: Int32?
}
