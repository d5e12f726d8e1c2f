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
        let rig = try await AgentRig.start(setup)
        defer { rig.stop() }
        try Self.writeFragment(in: rig)
        let agent = try await rig.startAgent(policy: nil)
        defer { agent.kill() }
        let monitor = try rig.spawnCtl(["monitor"])
        defer { monitor.kill() }
        let music = try rig.play("music", try rig.tone("music", seconds: 120), role: "music")
        defer { music.kill() }
        let song = try await Self.Heard("music", setup: setup, in: rig)
        defer { song.stop() }
        let musicID = try await Self.agentID(ofPlayback: "music", in: rig)

        let call = try await CaptureCallClient.start("Call", source: "mic", in: rig)
        defer { call.process.kill() }
        try await call.openCapture()
        try await waitUntil("the call silences the music", timeout: .seconds(20)) { try await song.isSilent() }

        // The replacement, then a marker stream: one connection, handled in order, so once the
        // marker's silence is signalled the agent has seen the whole replacement.
        let before = monitor.standardOutput.count
        try await call.replacePlayback()
        let marker = try rig.play("marker", try rig.tone("marker", seconds: 120), role: "music")
        defer { marker.kill() }
        let markerID = try await Self.agentID(ofPlayback: "marker", in: rig)
        try await waitUntil("the monitor printed the marker's silence", timeout: .seconds(20)) {
            String(monitor.standardOutput.dropFirst(before)).contains("stream=\(markerID) effect=silenced")
        }
        let during = String(monitor.standardOutput.dropFirst(before)).split(separator: "\n")
            .filter { $0.hasPrefix("stream-state") && $0.contains("stream=\(musicID)") }
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
