import AudioSessionTesting
import PipeWireBackend
import Synchronization
import Testing

/// Closing when the last reference goes away inside an event handler.
@Suite("PipeWire connection closing", .serialized)
struct PipeWireClosingTests {
    @Test("a connection released inside its own event handler closes and leaves the server", .timeLimit(.minutes(1)))
    func releasedInsideHandler() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let holder = Mutex<PipeWireConnection?>(
            try await PipeWireConnection.connect(remote: try pipewire.remote, applicationName: "released-in-handler"))
        try await waitUntil("pw-dump lists the connection's client") {
            try await pipewire.dump().contains { $0.properties["application.name"] == "released-in-handler" }
        }
        _ = holder.withLock { connection in
            connection?.addEventHandler { _ in
                // The handler is the last owner once the test lets go: this runs deinit on the loop thread.
                let released = holder.withLock { connection in
                    defer { connection = nil }
                    return connection
                }
                _ = released
            }
        }
        let player = try pipewire.playTone(role: "Music")
        defer { player.kill() }
        try await waitUntil("the client is gone from the server") {
            try await !pipewire.dump().contains { $0.properties["application.name"] == "released-in-handler" }
        }
    }
}
