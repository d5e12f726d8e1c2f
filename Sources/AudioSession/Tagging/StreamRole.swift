import AudioSessionModel

/// The `media.role` a session's streams carry, from its category and mode: what the sound
/// server's own policy (PulseAudio's role modules, WirePlumber) and the agent's role rules
/// understand for apps that do not know the session. PulseAudio's names, which pipewire-pulse
/// maps to PipeWire's (phone → Communication, music → Music).
enum StreamRole {
    static func mediaRole(for configuration: SessionConfiguration) -> String {
        switch configuration.mode {
        case .voiceChat, .videoChat, .gameChat: return "phone"
        case .moviePlayback: return "video"
        case .voicePrompt: return "navigation"
        case .measurement: return "test"
        case .default, .videoRecording, .spokenAudio: break
        }
        switch configuration.category {
        case .ambient, .soloAmbient: return "game"
        case .playback: return "music"
        case .record, .playAndRecord, .multiRoute: return "production"
        }
    }
}
