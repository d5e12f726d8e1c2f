import AudioSessionTesting
import PipeWireBackend
import Synchronization
import Testing

extension PrivatePipeWire {
    /// The server's native socket, passed to the connection explicitly (the test process's own
    /// environment points nowhere, or at the user's server).
    var remote: String {
        get throws { try #require(environment["PIPEWIRE_RUNTIME_DIR"]) + "/pipewire-0" }
    }

    /// A backend connection to this server.
    func connect() async throws -> PipeWireConnection {
        try await PipeWireConnection.connect(remote: try remote, applicationName: "PipeWireBackendTests")
    }

    /// A tone played by `pw-play` with `role`; the caller kills it.
    func playTone(role: String, seconds: Double = 30, frequency: Double = 440) throws -> ChildProcess {
        let tone = try ToneFile.sine(frequency: frequency, seconds: seconds, amplitude: 0.5, in: directory)
        return try spawn("pw-play", ["--media-role=\(role)", tone])
    }

    /// The graph as `pw-dump` (an independent client) shows it.
    func dump() async throws -> [AudioSessionTesting.PipeWireObject] {
        try PipeWireObjects.parse(try await pwDump())
    }
}

extension PipeWireConnection {
    /// The stream node of the client with process id `pid`, once the mirror has its properties.
    func streamNode(of pid: Int32) -> PipeWireGlobal? {
        let globals = globals
        guard let client = globals.values.first(where: { $0.type == .client && $0.properties["pipewire.sec.pid"] == String(pid) })
        else { return nil }
        return globals.values.first {
            $0.type == .node && $0.properties["client.id"] == String(client.id) && $0.properties["media.class"] != nil
        }
    }
}

/// Collects what a synchronous handler receives, to check it from the test's task.
final class EventLog: Sendable {
    private let events = Mutex<[PipeWireEvent]>([])

    func record(_ event: PipeWireEvent) {
        events.withLock { $0.append(event) }
    }

    var all: [PipeWireEvent] { events.withLock { $0 } }

    func contains(_ predicate: (PipeWireEvent) -> Bool) -> Bool { all.contains(where: predicate) }
}
