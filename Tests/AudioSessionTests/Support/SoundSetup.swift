import AudioSessionTesting
import Testing

/// The three sound servers every integration test runs on, with the same test body.
enum SoundSetup: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// PulseAudio 16 with no policy modules and no restore database.
    case pulseMinimal = "PulseAudio (minimal)"
    /// PulseAudio 16 on Debian's stock default.pa: module-role-cork, module-stream-restore, ...
    case pulseStock = "PulseAudio (stock)"
    /// PipeWire with WirePlumber, reached through pipewire-pulse.
    case pipewirePulse = "pipewire-pulse"

    var testDescription: String { rawValue }

    /// Whether the server keeps a per-role restore database (stream-restore, WirePlumber's state).
    var hasRestoreDatabase: Bool { self != .pulseMinimal }

    /// Starts the server; the caller stops it.
    func start() async throws -> any PulseProtocolServer {
        switch self {
        case .pulseMinimal: try await PrivatePulseAudio.start(.minimal)
        case .pulseStock: try await PrivatePulseAudio.start(.stock)
        case .pipewirePulse: try await PrivatePipeWire.start()
        }
    }
}
