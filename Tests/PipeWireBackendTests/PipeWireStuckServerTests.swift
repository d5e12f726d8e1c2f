import AudioSessionTesting
import Foundation
import PipeWireBackend
import Testing

/// A server that keeps its socket open but stops answering (here: PipeWire stopped with SIGSTOP)
/// must not hold a caller forever.
@Suite("PipeWire server that stops answering")
struct PipeWireStuckServerTests {
    @Test("a timed round trip fails with timedOut, and the connection works once the server answers again")
    func timedRoundTrip() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }
        let daemon = try #require(pipewire.processID(of: "pipewire"))

        kill(daemon, SIGSTOP)
        let error = await #expect(throws: PipeWireError.self) { try await connection.sync(timeout: .milliseconds(300)) }
        kill(daemon, SIGCONT)
        #expect(error?.code == .timedOut)
        #expect(error?.description.contains("did not answer within") == true, "\(error?.description ?? "")")

        // The late answer to the abandoned round trip resumes nothing; the next one is answered.
        try await connection.sync(timeout: .seconds(30))
        #expect(!connection.nodes(named: "speaker").isEmpty)
    }

    @Test("connecting to a server that accepts but never answers fails with timedOut")
    func connectToStuckServer() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let daemon = try #require(pipewire.processID(of: "pipewire"))
        let socket = try #require(pipewire.environment["PIPEWIRE_RUNTIME_DIR"]) + "/pipewire-0"

        kill(daemon, SIGSTOP)
        defer { kill(daemon, SIGCONT) }
        let error = await #expect(throws: PipeWireError.self) {
            _ = try await PipeWireConnection.connect(remote: socket, connectTimeout: .milliseconds(500))
        }
        #expect(error?.code == .timedOut)
    }
}
