import SoundServer

/// What native PipeWire asks beyond the core's rules. WirePlumber keeps `target.object` apart
/// from a node's saved Props, so a move asks nothing more; a user's mute choice during a silence
/// goes into the restore entry at the unsilence, when the node shows it.
///
/// WirePlumber 0.5 applies a stream's saved state as it links the node, over a mute sent as the
/// node appeared (an app's input mute of a capture stream that starts after the user unmuted a
/// sibling, whose unmute WirePlumber saved; as on pipewire-pulse 1.4, docs/server-facts.md): the
/// core's watch sends the mute again.
extension PipeWireEnforcer: EnforcementCore {
    func targetReached(_ ref: ServerStreamRef) {}

    func userChoseMute(of ref: ServerStreamRef) {}
}

/// Its echo cancellers' streams go onto them by the core's move.
extension PipeWireEnforcer: EchoCancellerMover {}
