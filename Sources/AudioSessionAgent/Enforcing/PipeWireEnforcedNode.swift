import SoundServer

/// What the PipeWire enforcer has done to one stream node and must undo: its duck (the node's
/// Props `volume` factor), its pause and its `target.object` move.
struct PipeWireEnforcedNode {
    /// The stream's names; the index is the node's global id.
    var ref: ServerStreamRef
    /// The stream as the graph showed it last.
    var last: SoundStream
    /// The duck, a ramp of the node's Props `volume` factor (``LevelBase/nodeFactor(_:)``), which
    /// multiplies with the user's `channelVolumes` and leaves them alone: a user's volume change
    /// during a duck is simply kept. `nil` while the node is at its own factor.
    var duck: StreamDuck?
    /// Never set: a Props write has no answer to wait for.
    var isStepInFlight = false
    /// Whether the agent paused the node (the node keeps reporting running, so the agent tracks it).
    var isPaused = false
    /// The user's mute state when the agent silenced the node by its Props mute instead (it plays
    /// into a sink a loopback carries on, which a Pause stalls, or it is held after an unplug);
    /// `nil` when not muted by the agent.
    var silencedWasMuted: Bool?
    /// How far the agent's mute has got, so that a restore racing it is told from the user's
    /// unmute (``EnforcementCore/watchSilenceMute(_:_:)``); `nil` when not muted by the agent.
    var silenceMute: SilenceMuteWatch?
    /// The user's mute state an unsilence wrote back, until the node shows it; `nil` when none is
    /// on its way. A node that ends before it shows it leaves WirePlumber the agent's mute.
    var unsilencingTo: Bool?
    /// Whether the node has shown the agent's mute, so that what it shows from now on follows
    /// the unsilence's unmute (a Props write has no answer to wait for).
    var isUnsilenceAnswered = false
    /// The device the stream played on before the agent set its `target.object`; `nil` when not moved.
    var movedFrom: String?

    init(ref: ServerStreamRef, last: SoundStream) {
        self.ref = ref
        self.last = last
    }

    /// Whether nothing is left to undo.
    var isIdle: Bool { duck == nil && !isSilenced && unsilencingTo == nil && movedFrom == nil }

    /// The node's WirePlumber restore key (`Output/Audio:media.role:Music`), if it has one.
    var restoreKey: WirePlumberRestoreKey? { WirePlumberRestoreKey(last.properties) }
}
