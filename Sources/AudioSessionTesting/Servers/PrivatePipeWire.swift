import Foundation

/// A private PipeWire 0.3 with WirePlumber and pipewire-pulse on null devices, for tests.
///
/// It has a null sink `speaker` and a null source `mic`, configured as WirePlumber's defaults,
/// its own runtime, config and state directories, and no connection to any session bus.
/// Pulse-protocol clients (`pactl`, `paplay`) reach it through pipewire-pulse; native clients
/// (`pw-cli`, `pw-play`, `pw-dump`) through `PIPEWIRE_RUNTIME_DIR`.
///
/// ```swift
/// let pipewire = try await PrivatePipeWire.start()
/// defer { pipewire.stop() }
/// let nodes = try PipeWireObjects.parse(try await pipewire.pwDump())
/// ```
public final class PrivatePipeWire: PulseProtocolServer {
    private let server: ServerDirectory

    private init(server: ServerDirectory) { self.server = server }

    /// Starts PipeWire, WirePlumber and pipewire-pulse and returns once the defaults are set.
    public static func start() async throws -> PrivatePipeWire {
        PrivatePipeWire(server: try await ServerDirectory(starting: ["pipewire"]))
    }

    public var directory: String { server.path }
    public var environment: [String: String] { server.environment }
    public func stop() { server.stop() }

    /// The whole graph as `pw-dump` prints it (JSON); parse it with ``PipeWireObjects/parse(_:)``.
    public func pwDump() async throws -> String {
        // pw-dump walks the registry while the graph may change; a snapshot taken mid-change was
        // seen cut short (not valid JSON) on a loaded machine: take another.
        for _ in 1..<5 {
            let dump = try await tool("pw-dump", [])
            if (try? JSONSerialization.jsonObject(with: Data(dump.utf8))) != nil { return dump }
        }
        return try await tool("pw-dump", [])
    }
}
