import AudioSessionTesting
import Testing

/// The PipeWire stacks every PipeWire fact is checked on: Debian 12's, this machine's own, and
/// Debian 13's (PipeWire 1.4 + WirePlumber 0.5, the stack most desktops run) from a root made by
/// `scripts/make-root --sound-stack`. Where a fact differs, each test asserts each version's truth.
enum PipeWireStack: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case debian12 = "PipeWire 0.3.65 + WirePlumber 0.4.13 (Debian 12)"
    case debian13 = "PipeWire 1.4.2 + WirePlumber 0.5.8 (Debian 13)"

    var testDescription: String { rawValue }

    /// The PipeWire version pipewire-pulse reports in its server name.
    var pipewireVersion: String {
        switch self {
        case .debian12: "0.3.65"
        case .debian13: "1.4.2"
        }
    }

    /// Starts the stack on null devices; the caller stops it.
    func start() async throws -> PrivatePipeWire {
        switch self {
        case .debian12: try await PrivatePipeWire.start()
        case .debian13: try await PrivatePipeWire.start(root: try await SoundStackRoot.debian13())
        }
    }
}
