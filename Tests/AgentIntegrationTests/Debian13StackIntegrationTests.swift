import AudioSessionTesting
import Testing

extension AgentIntegrationTests {
    /// The stack most desktops run: PipeWire 1.4 + WirePlumber 0.5 + pipewire-pulse from a
    /// Debian 13 root (`scripts/make-root`, cached per machine), the agent built here (libpulse
    /// 16.1, libpipewire 0.3.65) reaching it through its sockets: the cross-version pairing.
    @Suite("Debian 13's PipeWire 1.4 and WirePlumber 0.5")
    struct Debian13Stack {
        @Test(
            "a phone stream silences music and releases it on PipeWire 1.4, the agent on either backend",
            arguments: [SoundSetup.pipewirePulse, .pipewireNative])
        func phoneSilencesMusic(setup: SoundSetup) async throws {
            let root = try await SoundStackRoot.debian13()
            let rig = try await AgentRig.start(setup, on: try await PrivatePipeWire.start(root: root))
            defer { rig.stop() }
            let serverName = try await rig.server.pactl("info")
            #expect(serverName.contains("Server Name: PulseAudio (on PipeWire 1.4."), "\(serverName)")

            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            _ = try await rig.waitForStream("music")
            try await waitUntil("the music is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }

            let phone = try rig.play("call", try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav"), role: "phone")
            defer { phone.kill() }
            try await waitUntil("the music is silent on the speaker's monitor during the call") {
                try await speaker.rms(over: .milliseconds(200)) < 0.005
            }
            phone.terminate()
            _ = await phone.waitForExit()
            try await waitUntil("the music is heard again after the call") {
                try await speaker.rms(over: .milliseconds(200)) > 0.1
            }
            let stream = try #require(try await rig.stream(named: "music"))
            #expect(!stream.isMuted && !stream.isCorked)
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
