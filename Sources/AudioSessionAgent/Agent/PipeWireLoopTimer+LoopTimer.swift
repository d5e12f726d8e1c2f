import PipeWireBackend

/// libpipewire's loop timer as the agent's backend-neutral ``LoopTimer``.
extension PipeWireLoopTimer: LoopTimer {}

extension PipeWireLoopTimer {
    /// A disarmed timer on `connection`'s loop thread whose action runs isolated to the loop
    /// (``ServerLoopActor``): how the agent's loop-confined parts make their timers.
    ///
    /// ```swift
    /// ticker = PipeWireLoopTimer.onLoop(of: connection) { [weak self] in self?.tick() }
    /// ```
    static func onLoop(of connection: PipeWireConnection, _ action: @escaping @ServerLoopActor @Sendable () -> Void) -> PipeWireLoopTimer {
        PipeWireLoopTimer(on: connection) { ServerLoopActor.assumeIsolated(action) }
    }
}
