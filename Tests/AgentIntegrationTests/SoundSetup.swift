import AudioSessionTesting
import Foundation
import Testing

/// The sound servers the integration tests run on, with the same test body.
enum SoundSetup: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// PulseAudio 16 with no policy modules and no restore database.
    case pulseMinimal = "PulseAudio (minimal)"
    /// PulseAudio 16 on Debian's stock default.pa: module-role-cork, module-stream-restore, ...
    case pulseStock = "PulseAudio (stock)"
    /// PipeWire with WirePlumber, reached through pipewire-pulse.
    case pipewirePulse = "pipewire-pulse"
    /// PipeWire with WirePlumber, the agent on the native protocol (`--backend pipewire`); the
    /// test clients still play through pipewire-pulse.
    case pipewireNative = "PipeWire (native agent)"

    var testDescription: String { rawValue }

    /// Whether the server keeps a per-role restore database (stream-restore, WirePlumber's state).
    var hasRestoreDatabase: Bool { self != .pulseMinimal }

    /// The agent's `--backend`.
    var backend: String { self == .pipewireNative ? "pipewire" : "pulse" }

    /// Whether the agent silences by muting (the pulse protocol) rather than pausing the node.
    var silencesByMuting: Bool { self != .pipewireNative }

    /// Which PipeWire the PipeWire setups start: this machine's own (Debian 12's 0.3.65 with
    /// WirePlumber 0.4.13), or with `AUDIOSESSION_PIPEWIRE_STACK=debian13` Debian 13's 1.4.2 with
    /// WirePlumber 0.5.8 from `scripts/make-root --sound-stack` (`scripts/test-debian13` runs the
    /// agent's suites so).
    static var pipewireStackIsDebian13: Bool {
        ProcessInfo.processInfo.environment["AUDIOSESSION_PIPEWIRE_STACK"] == "debian13"
    }

    /// The setups a test runs on: with Debian 13's stack in place of this machine's PipeWire only
    /// the PipeWire setups, since the PulseAudio ones are the same as without it.
    static var allCases: [SoundSetup] {
        pipewireStackIsDebian13 ? [.pipewirePulse, .pipewireNative] : [.pulseMinimal, .pulseStock, .pipewirePulse, .pipewireNative]
    }

    /// Starts the server; the caller stops it.
    func start() async throws -> any PulseProtocolServer {
        switch self {
        case .pulseMinimal: try await PrivatePulseAudio.start(.minimal)
        case .pulseStock: try await PrivatePulseAudio.start(.stock)
        case .pipewirePulse, .pipewireNative:
            try await PrivatePipeWire.start(root: Self.pipewireStackIsDebian13 ? try await SoundStackRoot.debian13() : nil)
        }
    }
}
