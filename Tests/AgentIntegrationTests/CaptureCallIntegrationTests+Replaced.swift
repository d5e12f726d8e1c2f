import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests.CaptureCall {
    /// Seen with Firefox on the native agent: the call's playback stream was replaced while the
    /// microphone stayed open, and the music resumed over MPRIS between the two streams. The
    /// engine now keeps the call until the new stream takes its place.
    @Test(
        "the call's playback stream replaced while its microphone is open: the music stays silenced throughout, and plays again after the call",
        arguments: [SoundSetup.pulseMinimal, .pipewireNative])
    func replacedPlaybackKeepsTheCall(setup: SoundSetup) async throws {
        let scene = try await Scene.start(setup)
        defer { scene.stop() }
        let (rig, agent, song) = (scene.rig, scene.agent, scene.song)

        let call = try await CaptureCallClient.start("Call", source: "mic", in: rig)
        defer { call.process.kill() }
        try await call.openCapture()
        try await waitUntil("the call silences the music", timeout: .seconds(20)) { try await song.isSilent() }

        let during = try await scene.musicStateChanges { try await call.replacePlayback() }
        #expect(during.isEmpty, "the music's state changed while the call's stream was replaced: \(during)")
        #expect(try await song.isSilent())
        let newPlayback = try await Self.agentID(ofPlayback: "Call", in: rig)
        #expect(try await Self.role(of: newPlayback, in: rig) == "communication", "the new stream is the call")

        // The call ends: its microphone closes, the hold passes, the music plays again.
        try await call.closeCapture()
        try await waitUntil("the music plays again after the hold", timeout: .seconds(60)) { try await song.isHeard() }
        #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
    }
}
