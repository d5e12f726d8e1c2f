import SoundServer

/// What the agent has done to one stream and must undo, whichever protocol it speaks: the
/// stream's duck (with its ramp), its silence (its mute, or natively a Pause of its node), its
/// move, and what the user had before each.
///
/// ```swift
/// var state = enforced[ref.serial] ?? EnforcedStream(ref: ref, last: stream)
/// state.movedFrom = original
/// ```
struct EnforcedStream {
    /// The stream's names; natively the index is the node's global id.
    var ref: ServerStreamRef
    /// The stream as the server showed it last.
    var last: SoundStream
    /// The stream's key in PulseAudio's (or pipewire-pulse's) restore database as it started,
    /// when it has one: a player's later `media.name` does not move it.
    let restoreName: String?
    /// The duck's ramp and the user's level (a stream volume on the pulse protocol, the node's
    /// Props factor natively, which multiplies with the user's channel volumes and leaves them
    /// alone); `nil` while the stream is at its user's level.
    var duck: StreamDuck?
    /// A duck waiting for the stream to be linked to a device (``HeldDuck``; the pulse protocol's).
    var heldDuck: HeldDuck?
    /// Whether a ramp step's read or write is on its way to the server (a Props write has no
    /// answer: never set natively).
    var isStepInFlight = false
    /// Whether the agent paused the stream's node (a silence by Pause, native PipeWire's: the
    /// node keeps reporting running, so the agent tracks it).
    var isPaused = false
    /// How far the mute the agent sent with its Pause has got (the user had the node unmuted),
    /// so that a restore racing it is told from the user's unmute (``EnforcementCore/watchPauseMute(_:_:)``);
    /// `nil` when the Pause came alone. The server runs a relinked node again whatever a third
    /// client paused, and the mute keeps it silent (``SilenceMechanism/pauseAndMute``). The
    /// unsilence unmutes it before its Start.
    var pauseMute: SilenceMuteWatch?
    /// The user's mute state when the agent silenced the stream by muting it; `nil` when not.
    var silencedWasMuted: Bool?
    /// How far the agent's mute of the silenced stream has got, so a user's unmute is told from
    /// a restore racing it (``EnforcementCore/watchSilenceMute(_:_:)``); `nil` when not muted by
    /// the agent.
    var silenceMute: SilenceMuteWatch?
    /// The user's mute state an unsilence is writing back, until the server shows it (it shows
    /// the agent's mute meanwhile); `nil` when no unsilence is on its way. A stream that ends
    /// before it shows it leaves the restore store the agent's mute.
    var unsilencingTo: Bool?
    /// Whether what the server shows of the stream now follows the unsilence's unmute: on the
    /// pulse protocol once the server answered it; natively once the node has shown the agent's
    /// mute (writes land in order). The unsilence is over once the server then shows the user's
    /// mute state (``EnforcementCore/settleUnsilence(_:showing:)``).
    var isUnsilenceAnswered = false
    /// The device the stream was on before the agent moved it; `nil` when not moved.
    var movedFrom: String?

    /// A stream nothing has been done to yet, as the server shows it now.
    init(ref: ServerStreamRef, last: SoundStream) {
        self.ref = ref
        self.last = last
        restoreName = RestoreEntryName.of(last)
    }

    /// Whether nothing is left to undo.
    var isIdle: Bool {
        duck == nil && heldDuck == nil && !isSilenced && unsilencingTo == nil && movedFrom == nil
    }

    /// Whether the agent silenced the stream, by a Pause or by its mute.
    var isSilenced: Bool { isPaused || silencedWasMuted != nil }

    /// Whether an unsilence's unmute is on its way: the server may still show the agent's mute.
    var isUnsilencing: Bool { unsilencingTo != nil }

    /// The mute state the server's restore store owes the user for this stream: the one the
    /// agent's silence replaced, while it holds or its undo is on its way; `nil` when the agent's
    /// mute is not (or no longer) shown.
    var owedMute: Bool? { silencedWasMuted ?? unsilencingTo ?? (pauseMute != nil ? false : nil) }

    /// Whether the agent has the stream muted for its silence, by a mute or with its Pause.
    var isMutedByAgent: Bool { silencedWasMuted != nil || pauseMute != nil }

    /// The mute state the user gave the stream.
    var userMuted: Bool { owedMute ?? last.isMuted }

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
