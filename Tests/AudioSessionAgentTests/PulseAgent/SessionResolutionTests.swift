import AudioPolicy
import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Testing

/// A stream may appear before the session it belongs to registers (an app opens its stream, then
/// talks to the bus): the agent resolves streams again when a session registers.
@Suite("Agent on real servers: streams before their session", .serialized)
struct SessionResolutionTests {
    @Test("PulseAudio (minimal): a prompt stream playing before its session registers ducks music once it does")
    func streamBeforeSession() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        let music = try harness.playMusic()
        defer { music.kill() }
        let agent = try await harness.startAgent()

        let token = "0123456789abcdef0123456789abcdef"
        let prompt = try harness.play("prompt", seconds: 60, properties: ["audiosession.token": token])
        defer { prompt.kill() }
        _ = try await harness.waitForStream("prompt")
        try await waitUntil("the engine knows the prompt stream") {
            agent.coordinator.read { $0.engine.streamIDs.count } == 2
        }
        #expect(try await harness.stream(named: "music")?.volumePercents == [100, 100], "no session yet: nothing ducks")

        _ = try TestSession.activate(
            on: agent, name: "maps", category: "playback", mode: "voice-prompt", options: ["mix-with-others", "duck-others"],
            token: token)
        try await harness.waitForVolume("music", 67)  // ∛0.3 of 100 %
        await agent.shutdown()
        #expect(try await harness.stream(named: "music")?.volumePercents == [100, 100])
    }
}
