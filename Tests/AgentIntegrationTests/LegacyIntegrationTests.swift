import AudioSessionTesting
import Testing

extension AgentIntegrationTests {
    /// Apps that never talk to the agent: a phone paplay (media.role=phone) silences a music paplay
    /// and releases it when it ends. On the stock configuration the agent takes module-role-cork's
    /// job over (the module is unloaded while it runs) and loads it again when it stops.
    @Suite("legacy")
    struct Legacy {
        @Test("a phone stream silences a music stream and releases it when it ends", arguments: SoundSetup.allCases)
        func phoneSilencesMusic(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            _ = try await rig.waitForStream("music")
            // The call plays digital silence, so what the monitor hears is the music alone.
            let call = try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav")

            if setup == .pulseStock {
                // Control: on the stock configuration the server itself would cork the music.
                #expect(try await rig.server.moduleNames().contains("module-role-cork"))
            } else {
                // Control: without the agent a phone stream does not silence the music.
                let control = try rig.play("control-call", call, role: "phone")
                defer { control.kill() }
                _ = try await rig.waitForStream("control-call")
                try await waitUntil("without the agent the music is heard during a call") {
                    try await speaker.rms(over: .milliseconds(200)) > 0.1
                }
                control.terminate()
                _ = await control.waitForExit()
            }

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            if setup == .pulseStock {
                try await waitUntil("the agent took module-role-cork over") {
                    try await !rig.server.moduleNames().contains("module-role-cork")
                }
            }
            try await waitUntil("with the agent the music is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }

            let phone = try rig.play("call", call, role: "phone")
            defer { phone.kill() }
            try await waitUntil("the music is silent on the speaker's monitor during the call") {
                try await speaker.rms(over: .milliseconds(200)) < 0.005
            }
            phone.terminate()
            _ = await phone.waitForExit()
            try await waitUntil("the music is heard again after the call") {
                try await speaker.rms(over: .milliseconds(200)) > 0.1
            }
            #expect(try await rig.stream(named: "music")?.isMuted == false)

            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            if setup == .pulseStock {
                #expect(try await rig.server.moduleNames().contains("module-role-cork"), "loaded again when the agent stops")
            }
        }
    }
}
