import SoundServer

/// What an enforcer keeps of one stream it changed, whichever protocol it speaks: at least the
/// device the stream had before the agent moved it, the mute of a silence by mute, and whether
/// anything is left to undo.
///
/// ```swift
/// var state = enforced[ref.serial] ?? EnforcedStream(ref: ref, last: stream)
/// state.movedFrom = original
/// ```
protocol EnforcedStreamState {
    /// A stream nothing has been done to yet, as the server shows it now.
    init(ref: ServerStreamRef, last: SoundStream)
    /// The device the stream was on before the agent moved it; `nil` when not moved.
    var movedFrom: String? { get set }
    /// The user's mute state when the agent silenced the stream by muting it; `nil` when not.
    var silencedWasMuted: Bool? { get set }
    /// How far the agent's mute of the silenced stream has got (``SilenceMuteWatch``).
    var silenceMute: SilenceMuteWatch? { get set }
    /// Whether an unsilence's unmute is on its way: the server may still show the agent's mute.
    var isUnsilencing: Bool { get }
    /// Whether nothing is left to undo.
    var isIdle: Bool { get }
}

extension EnforcedStream: EnforcedStreamState {
    var isUnsilencing: Bool { unsilencingTo != nil }
}

/// A PipeWire Props write has no answer to wait for.
extension PipeWireEnforcedNode: EnforcedStreamState {
    var isUnsilencing: Bool { false }
}
