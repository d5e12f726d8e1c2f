import SoundServer

/// What the enforcer has done to one stream and must undo: the stream's duck (with its ramp), its
/// mute and its move, and what the user had before each.
struct EnforcedStream {
    /// The stream's names.
    var ref: ServerStreamRef
    /// The stream as the server showed it last.
    var last: SoundStream
    /// The stream's key in the server's restore database, when it has one.
    var restoreName: String?
    /// The duck's read-compare-write state; `nil` when the stream is at its user's volume.
    var duck: StreamDuck?
    /// A duck waiting for the stream to be linked to a device (see ``HeldDuck``).
    var heldDuck: HeldDuck?
    /// Whether a step's read or write is on its way to the server.
    var isStepInFlight = false
    /// Whether the user had muted the stream before the agent silenced it; `nil` when not silenced.
    var silencedWasMuted: Bool?
    /// How far the agent's mute of the silenced stream has got, so a user's unmute is told from
    /// it; `nil` when not silenced.
    var silenceMute: SilenceMuteWatch?
    /// The user's mute state an unsilence is writing back, until the server has answered (the
    /// server still shows the agent's mute meanwhile); `nil` when no unsilence is on its way.
    var unsilencingTo: Bool?
    /// Whether the server has answered the unsilence on its way; it is over once the server also
    /// shows the user's mute state (see ``EnforcementCore/settleUnsilence(_:showing:)``).
    var isUnsilenceAnswered = false
    /// The device the stream was on before the agent moved it; `nil` when not moved.
    var movedFrom: String?

    init(ref: ServerStreamRef, last: SoundStream) {
        self.ref = ref
        self.last = last
        self.restoreName = RestoreEntryName.of(last)
    }

    /// Whether nothing is left to undo.
    var isIdle: Bool {
        duck == nil && heldDuck == nil && silencedWasMuted == nil && unsilencingTo == nil && movedFrom == nil
    }

    /// The volume to write back into the restore database, or `nil` while the server has given the
    /// stream none yet: pipewire-pulse announces a stream before WirePlumber links it, and a first
    /// snapshot without a device or volume is no user's level (written back, it zeroed the entry,
    /// and WirePlumber then applied 0 % to the live stream).
    var repairVolume: ChannelVolumes? {
        if let base = duck?.base.streamVolume { return ChannelVolumes(base) }
        guard last.deviceIndex != nil, !last.volume.isEmpty else { return nil }
        return last.volume
    }

    /// The mute state the user gave the stream.
    var userMuted: Bool { owedMute ?? last.isMuted }
}
