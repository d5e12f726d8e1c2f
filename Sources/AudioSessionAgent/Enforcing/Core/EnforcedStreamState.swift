import SoundServer

/// What an enforcer keeps of one stream it changed, whichever protocol it speaks: at least the
/// device the stream had before the agent moved it, the mute of a silence by mute, the level an
/// undo writes back, and whether anything is left to undo.
///
/// ```swift
/// var state = enforced[ref.serial] ?? EnforcedStream(ref: ref, last: stream)
/// state.movedFrom = original
/// ```
protocol EnforcedStreamState {
    /// A stream nothing has been done to yet, as the server shows it now.
    init(ref: ServerStreamRef, last: SoundStream)
    /// The stream's names.
    var ref: ServerStreamRef { get }
    /// The stream as the server showed it last.
    var last: SoundStream { get set }
    /// The device the stream was on before the agent moved it; `nil` when not moved.
    var movedFrom: String? { get set }
    /// The user's mute state when the agent silenced the stream by muting it; `nil` when not.
    var silencedWasMuted: Bool? { get set }
    /// How far the agent's mute of the silenced stream has got (``SilenceMuteWatch``).
    var silenceMute: SilenceMuteWatch? { get set }
    /// The user's mute state an unsilence is writing back, until the server shows it (it shows
    /// the agent's mute meanwhile); `nil` when no unsilence is on its way.
    var unsilencingTo: Bool? { get set }
    /// Whether what the server shows of the stream now follows the unsilence's unmute: on the
    /// pulse protocol once the server answered it; natively once the node has shown the agent's
    /// mute (writes land in order). The unsilence is over once the server then shows the user's
    /// mute state (``EnforcementCore/settleUnsilence(_:showing:)``).
    var isUnsilenceAnswered: Bool { get set }
    /// Whether the agent paused the stream's node (a silence by Pause, native PipeWire's).
    var isPaused: Bool { get }
    /// The duck's ramp and the user's level; `nil` while the stream is at its user's level.
    var duck: StreamDuck? { get set }
    /// Whether a ramp step's read or write is on its way to the server.
    var isStepInFlight: Bool { get set }
    /// Whether nothing is left to undo.
    var isIdle: Bool { get }
}

extension EnforcedStreamState {
    /// Whether the agent silenced the stream, by a Pause or by its mute.
    var isSilenced: Bool { isPaused || silencedWasMuted != nil }

    /// Whether an unsilence's unmute is on its way: the server may still show the agent's mute.
    var isUnsilencing: Bool { unsilencingTo != nil }

    /// The mute state the server's restore store owes the user for this stream: the one the
    /// agent's silence replaced, while it holds or its undo is on its way; `nil` when the agent's
    /// mute is not (or no longer) shown.
    var owedMute: Bool? { silencedWasMuted ?? unsilencingTo }

    /// Whether the agent ducks the stream, on its ramp or settled.
    var isDucked: Bool { duck != nil }

    /// The level that gives the stream back its user's, when the agent's duck still shows (or is
    /// on its way); `nil` when there is nothing to write back: a duck the user took over, or one
    /// settled at the user's own level.
    var owedLevel: LevelBase? {
        guard let duck, !duck.userTookOver, !duck.isAtBase || duck.isRamping else { return nil }
        return duck.base
    }
}

/// The pulse protocol pauses no client's stream.
extension EnforcedStream: EnforcedStreamState {
    var isPaused: Bool { false }
}

extension PipeWireEnforcedNode: EnforcedStreamState {}
