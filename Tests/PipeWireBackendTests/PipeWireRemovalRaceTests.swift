import AudioSessionTesting
import Glibc
import PipeWireBackend
import Testing

/// Issue 18's finding: an object whose global goes away between its announcement and the
/// mirror's bind draws an ENOENT error from the server ("no global", "unknown resource"). Taken as
/// the failure of every pending round trip, it failed a caller's `sync()` when a `pactl` came and
/// went (CI) and an agent's start while the graph changed (the 30-minute native soak).
@Suite("PipeWire: globals that go before their bind", .serialized)
struct PipeWireRemovalRaceTests {
    @Test("clients that come and go during round trips: every round trip succeeds, and the mirror ends with none of them")
    func clientsComeAndGoDuringRoundTrips() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await pipewire.connect()
        defer { connection.close() }
        let log = EventLog()
        connection.addEventHandler { log.record($0) }
        let before = connection.globals.count

        var failures: [String] = []
        for round in 0..<Self.rounds {
            // Each pw-cli connects, reads one object and leaves: its client global lives a few
            // milliseconds, about as long as the mirror takes to bind it.
            let clients = try (0..<4).map { _ in try pipewire.spawn("pw-cli", ["info", "0"]) }
            for _ in 0..<5 {
                do { try await connection.sync(timeout: .seconds(10)) } catch { failures.append("round \(round): \(error)") }
            }
            for client in clients { _ = await client.waitForExit() }
        }
        try await connection.sync()

        #expect(failures.isEmpty, "round trips failed: \(failures.prefix(3))")
        let vanished = log.all.filter { event in
            if case .serverError(let error) = event { return error.errno == ENOENT }
            return false
        }
        try await waitUntil("the mirror holds no client of the rounds any more") { connection.globals.count <= before + 1 }
        // How often the race was won by the removal is the server's timing; it is said, not asserted.
        print("PipeWireRemovalRaceTests: \(vanished.count) ENOENT reports over \(Self.rounds * 4) short-lived clients")
    }

    static let rounds = 40
}
