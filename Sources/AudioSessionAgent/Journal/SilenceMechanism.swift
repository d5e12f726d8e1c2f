/// How the agent silenced a stream, so that any agent knows what undoes it.
///
/// ```swift
/// try journal.record(.silence(4711, by: .mute(wasMuted: false)))  // pulse protocol: the stream's mute
/// try journal.record(.silence(4712, by: .pauseAndMute))            // native PipeWire: the node's Pause and mute
/// try journal.record(.silence(4713, by: .pause))                   // native, the user had muted it already
/// ```
public enum SilenceMechanism: Hashable, Sendable, CustomStringConvertible {
    /// The stream's mute switch was turned on; `wasMuted` is whether the user had muted it
    /// already, which undoing puts back.
    case mute(wasMuted: Bool)
    /// The PipeWire node was sent Pause while it played, and its mute left as the user had it
    /// (muted already, or an older agent's Pause alone); undone by Start, which only the native
    /// PipeWire API can send.
    case pause
    /// The PipeWire node was sent Pause and its Props mute turned on; the user had it unmuted.
    /// Undone by an unmute and Start. The mute keeps a node silent that the server runs again
    /// though the agent paused it: a relink's graph recalculation sends the node Start, and no
    /// third client's Pause is durable (docs/routing.md).
    case pauseAndMute

    /// `mute (was unmuted)`, `pause`, `pause and mute`.
    public var description: String {
        switch self {
        case .mute(let wasMuted): wasMuted ? "mute (was muted)" : "mute (was unmuted)"
        case .pause: "pause"
        case .pauseAndMute: "pause and mute"
        }
    }
}
