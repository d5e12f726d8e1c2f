import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Testing

/// A phone stream from an app that never registered a session (media.role=phone) silences a music
/// stream while it plays: muted on the server and silent on the speaker's monitor. When the call
/// ends the music is unmuted and heard again. The control, without the agent, shows the server
/// itself leaves the music playing (minimal PulseAudio loads no module-role-cork; pipewire-pulse
/// has none).
@Suite("Agent on real servers: legacy call", .serialized)
struct LegacyCallTests {
    @Test("PulseAudio (minimal): a phone stream silences music and releases it after")
    func phoneSilencesMusicOnPulseAudio() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await phoneSilencesMusic(AgentHarness(server: pulse))
    }

    @Test("pipewire-pulse: a phone stream silences music and releases it after")
    func phoneSilencesMusicOnPipeWirePulse() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        try await phoneSilencesMusic(AgentHarness(server: pipewire))
    }

    @Test("PulseAudio (stock): the agent takes module-role-cork's job over while it runs and loads it again after")
    func phoneSilencesMusicOnStockPulseAudio() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        #expect(try await pulse.moduleNames().contains("module-role-cork"), "Debian's default.pa loads role-cork")
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: pulse)
        defer { speaker.stop() }
        let music = try harness.playMusic()
        defer { music.kill() }
        _ = try await harness.waitForStream("music")
        try await waitUntil("the music is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.2 }

        let agent = try await harness.startAgent()
        try await waitUntil("the agent unloaded module-role-cork") { try await !pulse.moduleNames().contains("module-role-cork") }
        let silence = try ToneFile.silence(seconds: 30, in: pulse.directory, name: "call.wav")
        let call = try pulse.spawn("paplay", ["--property=media.role=phone", "--property=media.name=call", silence])
        defer { call.kill() }
        _ = try await harness.waitForStream("call")
        try await waitUntil("the music is muted") { try await harness.stream(named: "music")?.isMuted == true }
        try await waitUntil("the speaker is silent") { try await speaker.rms(over: .milliseconds(200)) < 0.001 }
        #expect(try await harness.stream(named: "music")?.isCorked == false, "nobody asked the player to cork")

        call.kill()
        _ = await call.waitForExit()
        try await waitUntil("the music is unmuted") { try await harness.stream(named: "music")?.isMuted == false }
        try await waitUntil("the music is heard again") { try await speaker.rms(over: .milliseconds(200)) > 0.2 }
        await agent.shutdown()
        #expect(try await pulse.moduleNames().contains("module-role-cork"), "shutdown loads role-cork again")
        #expect(agent.journal.pendingRestores.isEmpty)
    }

    @Test("PulseAudio (minimal): music the user had muted stays muted after the call")
    func userMuteIsKept() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        let music = try harness.playMusic()
        defer { music.kill() }
        let chime = try harness.play("chime", seconds: 60, properties: ["media.role": "video"])
        defer { chime.kill() }
        _ = try await pulse.pactl("set-sink-input-mute", String(try await harness.waitForStream("music").index), "1")
        try await waitUntil("the user muted the music") { try await harness.stream(named: "music")?.isMuted == true }

        let agent = try await harness.startAgent()
        let silence = try ToneFile.silence(seconds: 30, in: pulse.directory, name: "call.wav")
        let call = try pulse.spawn("paplay", ["--property=media.role=phone", "--property=media.name=call", silence])
        defer { call.kill() }
        // The video stream is the control that the call silences: it was not muted before.
        try await waitUntil("the video is muted by the call") { try await harness.stream(named: "chime")?.isMuted == true }
        call.kill()
        _ = await call.waitForExit()
        try await waitUntil("the video is unmuted") { try await harness.stream(named: "chime")?.isMuted == false }
        try await waitUntil("the silences' journal entries are cleared") { AgentHarness<PrivatePulseAudio>.noStreamRestoresPending(agent) }
        #expect(try await harness.stream(named: "music")?.isMuted == true, "the user's mute stays")
        await agent.shutdown()
        #expect(try await harness.stream(named: "music")?.isMuted == true)
    }

    private func phoneSilencesMusic<Server: PulseProtocolServer>(_ harness: AgentHarness<Server>) async throws {
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: harness.server)
        defer { speaker.stop() }
        let music = try harness.playMusic()
        defer { music.kill() }
        _ = try await harness.waitForStream("music")
        try await waitUntil("the music is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.2 }

        // The phone line carries silence, so whatever the monitor hears is the music.
        let silence = try ToneFile.silence(seconds: 30, in: harness.server.directory, name: "call.wav")
        let control = try harness.server.spawn("paplay", ["--property=media.role=phone", "--property=media.name=control-call", silence])
        _ = try await harness.waitForStream("control-call")
        #expect(try await harness.stream(named: "music")?.isMuted == false, "without the agent the call leaves music alone")
        #expect(try await speaker.rms(over: .milliseconds(200)) > 0.2)
        control.kill()
        _ = await control.waitForExit()

        let agent = try await harness.startAgent()
        let call = try harness.server.spawn("paplay", ["--property=media.role=phone", "--property=media.name=call", silence])
        defer { call.kill() }
        _ = try await harness.waitForStream("call")
        try await waitUntil("the music is muted") { try await harness.stream(named: "music")?.isMuted == true }
        try await waitUntil("the speaker is silent") { try await speaker.rms(over: .milliseconds(200)) < 0.001 }
        // The meter itself is a capture of the speaker's monitor: never a target, so the silence it
        // hears is the music's.
        #expect(try await !harness.server.pactl("list", "source-outputs").contains("Mute: yes"))

        call.kill()
        _ = await call.waitForExit()
        try await waitUntil("the music is unmuted") { try await harness.stream(named: "music")?.isMuted == false }
        try await waitUntil("the music is heard again") { try await speaker.rms(over: .milliseconds(200)) > 0.2 }
        try await waitUntil("the silence's journal entries are cleared") { AgentHarness<Server>.noStreamRestoresPending(agent) }
        await agent.shutdown()
    }
}
