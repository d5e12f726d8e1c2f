import PulseBackend

/// libpulse's loop timer as the agent's backend-neutral ``LoopTimer``.
extension PulseLoopTimer: LoopTimer {}

extension PulseLoopTimer {
    /// A disarmed timer on `connection`'s loop thread whose action runs isolated to the loop
    /// (``ServerLoopActor``): how the agent's loop-confined parts make their timers.
    ///
    /// ```swift
    /// ticker = PulseLoopTimer.onLoop(of: connection) { [weak self] in self?.tick() }
    /// ```
    static func onLoop(of connection: PulseConnection, _ action: @escaping @ServerLoopActor @Sendable () -> Void) -> PulseLoopTimer {
        PulseLoopTimer(on: connection) { ServerLoopActor.assumeIsolated(action) }
    }
}
