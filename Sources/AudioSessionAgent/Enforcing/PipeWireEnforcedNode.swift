import SoundServer

/// What the PipeWire enforcer has done to one stream node and must undo: its duck (the node's
/// Props `volume` factor), its pause and its `target.object` move.
struct PipeWireEnforcedNode {
    /// The stream's names; the index is the node's global id.
    var ref: ServerStreamRef
    /// The stream as the graph showed it last.
    var last: SoundStream
    /// The duck's state; `nil` while the node is at its own volume factor.
    var duck: PipeWireDuck?
    /// Whether the agent paused the node (the node keeps reporting running, so the agent tracks it).
    var isPaused = false
    /// The user's mute state when the agent silenced the node by its Props mute instead (it plays
    /// into a sink a loopback carries on, which a Pause stalls, or it is held after an unplug);
    /// `nil` when not muted by the agent.
    var silencedWasMuted: Bool?
    /// How far the agent's mute has got, so that a restore racing it is told from the user's
    /// unmute (``EnforcementCore/watchSilenceMute(_:_:)``); `nil` when not muted by the agent.
    var silenceMute: SilenceMuteWatch?
    /// The device the stream played on before the agent set its `target.object`; `nil` when not moved.
    var movedFrom: String?

    init(ref: ServerStreamRef, last: SoundStream) {
        self.ref = ref
        self.last = last
    }

    /// Whether nothing is left to undo.
    var isIdle: Bool { duck == nil && !isSilenced && movedFrom == nil }

    /// The node's WirePlumber restore key (`Output/Audio:media.role:Music`), if it has one.
    var restoreKey: WirePlumberRestoreKey? { WirePlumberRestoreKey(last.properties) }
}

/// A duck as a ramp of the node's Props `volume` factor, which multiplies with the user's
/// `channelVolumes` and leaves them alone: a user's volume change during a duck is simply kept.
struct PipeWireDuck {
    /// The node's own factor before the agent ducked it (1 unless someone set it).
    var base: Double
    /// The ducking level last written (a factor of ``base``).
    var level: Double
    /// The level the ramp goes to.
    var target: Double
    /// The ramp's levels from ``rampStart``; empty when settled.
    var steps: [RampStep] = []
    /// When the ramp started.
    var rampStart: ContinuousClock.Instant

    /// Whether a ramp is under way.
    var isRamping: Bool { !steps.isEmpty }

    /// Plans a ramp from the level now to `target` over `milliseconds`.
    mutating func retarget(_ target: Double, milliseconds: Int, now: ContinuousClock.Instant) {
        self.target = target
        steps = RampPlanner.plan(base: StreamVolume([StreamVolume.normal]), from: level, to: target, milliseconds: milliseconds).steps
        rampStart = now
    }

    /// The level due at `now`, and whether the ramp is done with it; `nil` when no step is due yet.
    mutating func step(at now: ContinuousClock.Instant) -> (level: Double, isLast: Bool)? {
        let elapsed = rampStart.duration(to: now)
        let due = steps.filter { .milliseconds($0.offsetMilliseconds) <= elapsed }
        guard let step = due.last else { return nil }
        steps.removeFirst(due.count)
        level = step.level
        return (step.level, steps.isEmpty)
    }
}
