import SoundServer

/// What the pulse protocol asks beyond the core's rules: its restore entries hold a stream's
/// device and mute state, so a move taken and a user's mute choice during a silence repair them.
extension PulseEnforcer: EnforcementCore {
    func targetReached(_ ref: ServerStreamRef) { repairRestoreEntry(ref.serial) }

    func userChoseMute(of ref: ServerStreamRef) { repairRestoreEntry(ref.serial) }
}

/// Its echo cancellers' streams go onto them by the core's move.
extension PulseEnforcer: EchoCancellerMover {}
