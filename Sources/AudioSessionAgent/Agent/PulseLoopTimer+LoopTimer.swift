import PulseBackend

/// libpulse's loop timer as the agent's backend-neutral ``LoopTimer``.
extension PulseLoopTimer: LoopTimer {}
