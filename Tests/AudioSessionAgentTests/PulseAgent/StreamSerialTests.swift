import AudioSessionTesting
import Foundation
import Testing

/// The journal keys PulseAudio streams by index (``ServerStreamRef``): that is only safe because
/// PulseAudio 16 never gives a new stream the index of one that has gone (its index sets count up).
/// Pinned here; through pipewire-pulse the index is the node's `object.serial`, which never repeats.
@Suite("Fact the agent relies on: stream indices are not recycled", .serialized)
struct StreamSerialTests {
    @Test("PulseAudio 16: a stream started after another ended gets a higher index")
    func indicesIncrease() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        var indices: [Int] = []
        for round in 0..<3 {
            let player = try harness.play("round-\(round)", seconds: 30, properties: ["media.role": "music"])
            indices.append(try await harness.waitForStream("round-\(round)").index)
            player.kill()
            _ = await player.waitForExit()
            try await waitUntil("round \(round)'s stream is gone") { try await harness.stream(named: "round-\(round)") == nil }
        }
        #expect(indices == indices.sorted() && Set(indices).count == indices.count, "indices \(indices) count up")
    }
}
