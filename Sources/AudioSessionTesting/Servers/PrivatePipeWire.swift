import Foundation

/// A private PipeWire with WirePlumber and pipewire-pulse on null devices, for tests: this
/// machine's own (0.3 on Debian 12), or another release's from a ``SoundStackRoot``.
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
    /// The root the stack runs in, or `nil` for this machine's own.
    public let root: SoundStackRoot?

    private init(server: ServerDirectory, root: SoundStackRoot?) {
        self.server = server
        self.root = root
    }

    /// Starts PipeWire, WirePlumber and pipewire-pulse and returns once the defaults are set;
    /// with `root`, the root's (run inside it; clients here reach it through the same sockets).
    public static func start(root: SoundStackRoot? = nil) async throws -> PrivatePipeWire {
        let rootArguments = root.map { ["--root", $0.path] } ?? []
        return PrivatePipeWire(server: try await ServerDirectory(starting: ["pipewire"] + rootArguments), root: root)
    }

    /// Runs one of the stack's own tools (`pw-dump`, `pw-cli`, `wpctl`): inside the root when the
    /// stack runs in one (this machine's `pw-dump` 0.3 prints invalid JSON against PipeWire 1.4).
    public func stackTool(_ tool: String, _ arguments: [String]) async throws -> String {
        guard root != nil else { return try await self.tool(tool, arguments) }
        return try await self.tool(PackageLayout.privateServerScript, ["run", directory, tool] + arguments)
    }

    public var directory: String { server.path }
    public var environment: [String: String] { server.environment }
    public func stop() { server.stop() }

    /// The whole graph as `pw-dump` prints it (JSON); parse it with ``PipeWireObjects/parse(_:)``.
    public func pwDump() async throws -> String {
        // pw-dump walks the registry while the graph may change; a snapshot taken mid-change was
        // seen cut short (not valid JSON) on a loaded machine: take another.
        for _ in 1..<5 {
            let dump = try await stackTool("pw-dump", [])
            if (try? JSONSerialization.jsonObject(with: Data(dump.utf8))) != nil { return dump }
        }
        return try await stackTool("pw-dump", [])
    }
}
