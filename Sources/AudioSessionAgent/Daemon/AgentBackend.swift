/// Which sound-server protocol the agent speaks.
///
/// ```swift
/// try AgentBackend.resolve("auto")   // .pulse: PulseAudio, or PipeWire through pipewire-pulse
/// try AgentBackend.resolve("pipewire")   // throws: the native PipeWire backend is not built yet
/// ```
public enum AgentBackend: String, CaseIterable, Hashable, Sendable {
    /// The PulseAudio protocol: PulseAudio itself, or PipeWire through pipewire-pulse.
    case pulse
    /// PipeWire's native protocol.
    case pipewire

    /// The backend for a `--backend` choice (`auto`, `pulse` or `pipewire`).
    ///
    /// `auto` picks the pulse protocol, which reaches PulseAudio and pipewire-pulse alike; the
    /// native PipeWire backend is refused until it exists, with a message saying what works instead.
    public static func resolve(_ choice: String) throws(AgentDaemonError) -> AgentBackend {
        switch choice {
        case "auto", "pulse":
            return .pulse
        case "pipewire":
            throw AgentDaemonError(
                .usage,
                "the native PipeWire backend is not available yet; use --backend pulse (or auto), "
                    + "which reaches PipeWire through pipewire-pulse")
        default:
            throw AgentDaemonError(.usage, "unknown backend \"\(choice)\"; accepted: auto, pulse, pipewire")
        }
    }
}
