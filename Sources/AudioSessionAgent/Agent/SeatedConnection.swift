/// A server connection whose main-loop lock a ``ServerSeat`` hands out as the coordinator's outer
/// lock while the connection is seated.
protocol SeatedConnection: AnyObject, Sendable {
    /// Runs `body` holding the connection's loop lock (recursive; directly on its loop thread).
    func withLoopLockHeld<Result>(_ body: () -> Result) -> Result
    /// A disarmed timer on the connection's loop thread that runs `action`, isolated to the
    /// loop, when it fires.
    func makeSeatTimer(_ action: @escaping @ServerLoopActor @Sendable () -> Void) -> any LoopTimer
}

extension SeatedConnection {
    /// Runs `body` holding the connection's loop lock, isolated to the loop (``ServerLoopActor``):
    /// how code off the loop thread reaches the agent's loop-confined parts.
    ///
    /// ```swift
    /// connection.withSeatLocked { translator.end() }
    /// ```
    func withSeatLocked<Result>(_ body: @ServerLoopActor () -> Result) -> Result {
        withLoopLockHeld { ServerLoopActor.assumeIsolated(body) }
    }
}
