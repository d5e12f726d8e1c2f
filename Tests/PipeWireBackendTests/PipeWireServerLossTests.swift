import AudioSessionTesting
import PipeWireBackend
import Testing

/// What the backend reports when the server goes away under it.
@Suite("PipeWire server loss")
struct PipeWireServerLossTests {
    @Test("when the server stops, the events end with disconnected and commands fail with it", .timeLimit(.minutes(1)))
    func serverStops() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }
        let speaker = try #require(connection.nodes(named: "speaker").first)
        let events = connection.events(replayingCurrentGlobals: false)

        pipewire.stop()
        var last: PipeWireEvent?
        for await event in events { last = event }
        guard case .disconnected(let error) = last else {
            Issue.record("the events ended with \(String(describing: last)), not with disconnected")
            return
        }
        #expect(error.code == .disconnected)
        let syncError = await #expect(throws: PipeWireError.self) { try await connection.sync() }
        #expect(syncError?.code == .disconnected)
        let commandError = #expect(throws: PipeWireError.self) { try connection.send(.pause, toNode: speaker.id) }
        #expect(commandError?.code == .disconnected)
    }
}
