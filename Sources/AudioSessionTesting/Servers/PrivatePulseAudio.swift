/// A private, headless PulseAudio 16 on null devices, for tests.
///
/// It has a null sink `speaker` (the default sink) and a null source `mic` (the default source),
/// its own runtime, state and home directories, and no connection to any session bus.
///
/// ```swift
/// let pulse = try await PrivatePulseAudio.start(.stock)
/// defer { pulse.stop() }
/// let sinks = try await pulse.pactl("list", "short", "sinks")
/// ```
public final class PrivatePulseAudio: PulseProtocolServer {
    /// Which server configuration to run.
    public enum Configuration: String, Sendable, CaseIterable {
        /// No policy modules and no restore database: only what a test loads.
        case minimal
        /// Debian's stock `/etc/pulse/default.pa` (role-cork, stream-restore, ...), as users run it.
        case stock
    }

    /// The configuration the server was started with.
    public let configuration: Configuration
    private let server: ServerDirectory

    private init(configuration: Configuration, server: ServerDirectory) {
        self.configuration = configuration
        self.server = server
    }

    /// Starts a server and returns once `pactl info` answers on its socket.
    public static func start(_ configuration: Configuration = .minimal) async throws -> PrivatePulseAudio {
        let server = try await ServerDirectory(starting: ["pulse", "--config", configuration.rawValue])
        return PrivatePulseAudio(configuration: configuration, server: server)
    }

    public var directory: String { server.path }
    public var environment: [String: String] { server.environment }
    public func stop() { server.stop() }
}
