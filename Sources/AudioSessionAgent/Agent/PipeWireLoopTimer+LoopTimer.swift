import PipeWireBackend

/// libpipewire's loop timer as the agent's backend-neutral ``LoopTimer``.
extension PipeWireLoopTimer: LoopTimer {}
