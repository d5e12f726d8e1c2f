/// Running code on the connection's thread loop.
extension PipeWireConnection {
    /// Runs `body` with the loop locked: what the loop thread does meanwhile (events, timers)
    /// waits, so a caller sees the mirror and issues commands as one step. The lock is recursive:
    /// event handlers and timer actions, already under it, may call this too.
    ///
    /// ```swift
    /// connection.withLoopLocked {
    ///     try? connection.send(.pause, toNode: music.id)
    ///     try? connection.setProps(PipeWireNodeProps(volume: 0.3), onNode: music.id)
    /// }
    /// ```
    ///
    /// The corresponding libpipewire calls are `pw_thread_loop_lock` and `pw_thread_loop_unlock`.
    public func withLoopLocked<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try state.loop.withLock(body)
    }

    /// The server's name, version and instance cookie, from the core's info.
    ///
    /// ```swift
    /// print(connection.serverInfo?.cookie ?? 0)   // differs for every run of the server
    /// ```
    public var serverInfo: PipeWireServerInfo? { state.loop.withLock { state.serverInfo } }
}
