import AudioSessionTesting
import PipeWireBackend
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
