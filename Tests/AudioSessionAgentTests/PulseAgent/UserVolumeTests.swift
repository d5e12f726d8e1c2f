import AudioPolicy
import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Testing

/// A volume the user sets while a stream is ducked ends the duck for that stream and becomes its
/// level: when the ducking prompt ends, the agent does not put back the volume from before.
@Suite("Agent on real servers: user volume during a duck", .serialized)
struct UserVolumeTests {
    @Test("PulseAudio (minimal): a pactl volume change mid-duck is kept after the duck ends")
    func userVolumeIsKept() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        let music = try harness.playMusic()
        defer { music.kill() }
        try await harness.setVolume("music", 80)

        let agent = try await harness.startAgent()
        let navigation = try TestSession.activate(
            on: agent, name: "maps", category: "playback", mode: "voice-prompt", options: ["mix-with-others", "duck-others"])
        let prompt = try harness.play("prompt", seconds: 8, properties: ["audiosession.token": navigation.token])
        defer { prompt.kill() }
        try await harness.waitForVolume("music", 54)  // the control: the agent ducked it

        try await harness.setVolume("music", 40)
        #expect(await prompt.waitForExit() == 0)
        try await waitUntil("the duck has ended and its journal entries are cleared") {
            AgentHarness<PrivatePulseAudio>.noStreamRestoresPending(agent) && agent.coordinator.read { view in
                view.engine.streamIDs.allSatisfy { view.engine.effects(on: $0) == .playing }
            }
        }
        #expect(try await harness.stream(named: "music")?.volumePercents == [40, 40], "the user's 40 % stays")
        await agent.shutdown()
        #expect(try await harness.stream(named: "music")?.volumePercents == [40, 40], "shutdown keeps the user's 40 % too")
    }
}
