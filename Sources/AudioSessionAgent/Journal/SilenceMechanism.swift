/// How the agent silenced a stream, so that any agent knows what undoes it.
///
/// ```swift
/// try journal.record(.silence(4711, by: .mute(wasMuted: false)))  // pulse protocol: the stream's mute
/// try journal.record(.silence(4712, by: .pause))                   // native PipeWire: the node's Pause
/// ```
public enum SilenceMechanism: Hashable, Sendable, CustomStringConvertible {
    /// The stream's mute switch was turned on; `wasMuted` is whether the user had muted it
    /// already, which undoing puts back.
    case mute(wasMuted: Bool)
    /// The PipeWire node was sent Pause while it played; undone by Start, which only the native
    /// PipeWire API can send.
    case pause

    /// `mute (was unmuted)`, `pause`.
    public var description: String {
        switch self {
        case .mute(let wasMuted): wasMuted ? "mute (was muted)" : "mute (was unmuted)"
        case .pause: "pause"
        }
    }
}
