import AudioSessionTesting
import Glibc
import Testing

extension AgentIntegrationTests {
    /// The agent's scenarios with `audiosessiond --backend pipewire` on PipeWire + WirePlumber:
    /// the duck is the node's Props `volume` factor (pactl, which shows the user's channel volumes,
    /// keeps showing 80 %), a call pauses the music node (measured on the speaker's monitor), and
    /// nothing stays ducked or paused after a crash and a restart, or after SIGTERM.
    ///
    /// A call interrupts a duck-others prompt (its session is interrupted, so the duck ends): the
    /// crash and stop tests take the duck and the call one after the other.
    @Suite("native PipeWire", .serialized)
    struct NativePipeWire {
        @Test("--backend auto picks native PipeWire when the PipeWire socket is in the runtime directory")
        func autoPrefersNative() async throws {
            let rig = try await AgentRig.start(.pipewirePulse, backend: "auto")
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let status = try await rig.ctl(["status"])
            #expect(status.standardOutput.contains("backend pipewire, server PipeWire"), "\(status.standardOutput)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        @Test("a duck-others prompt ducks the music's Props volume; the user's volume change meanwhile is kept")
        func duck() async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            try await rig.setVolume("music", 80)

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let prompt = try rig.runPlaying("prompt", try rig.tone("prompt", seconds: 4, frequency: 660), AgentRig.duckOthers)
            defer { prompt.kill() }
            try await rig.waitForFactor("music", 0.3)
            #expect(try await rig.stream(named: "music")?.volumePercents == [80, 80], "the user's channel volumes stay")
            // The user turns the music down during the duck: a channelVolumes change, which the duck leaves alone.
            try await rig.setVolume("music", 60)
            #expect(await prompt.waitForExit() == 0, "run exits with paplay's status: \(prompt.standardError)")
            try await rig.waitForFactor("music", 1)
            #expect(try await rig.stream(named: "music")?.volumePercents == [60, 60], "the user's change is kept")

            // WirePlumber saved the ducked factor while it lasted; the agent wrote the music's own back.
            let next = try rig.play("music-2", try rig.tone("music-2", seconds: 30), role: "music")
            defer { next.kill() }
            _ = try await rig.waitForStream("music-2")
            try await waitUntil("WirePlumber's saved Music volume factor is 1") {
                // "1.0" in WirePlumber 0.4's file, 1.000000 in 0.5's JSON.
                try rig.pipewire.wirePlumberState("restore-stream")["Output/Audio:media.role:Music:volume"]
                    .flatMap(Double.init).map { abs($0 - 1) < 0.001 } == true
            }
            #expect(try await rig.volumeFactor("music-2") == 1, "a new music stream does not start ducked")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        @Test("a voice-chat call pauses and mutes the music (silent on the speaker's monitor); it plays again after, unmuted")
        func callPausesMusic() async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            let (music, speaker) = try await rig.musicOnSpeaker(seconds: 60)
            defer { music.kill(); speaker.stop() }

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            try await rig.waitUntilHeard(speaker, "with the agent the music is heard")
            let call = try await rig.silentCall(heardOn: speaker)
            defer { call.kill() }
            try await waitUntil("the paused node shows the agent's mute too") { try await rig.stream(named: "music")?.isMuted == true }
            call.terminate()
            _ = await call.waitForExit()
            try await rig.waitUntilHeard(speaker, "the music is heard again after the call")
            #expect(try await rig.stream(named: "music")?.isMuted == false, "the Pause's mute is taken off again")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        @Test("a paused node moved by the user to another sink stays silent there (paused again after the relink)")
        func relinkKeepsPaused() async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            _ = try await rig.server.plug(.secondSpeaker)
            let secondIndex = try await waitForValue("speaker2 on pipewire-pulse") { try await rig.server.sinkIndex(named: "speaker2") }
            let speaker2 = try await MonitorRecorder.start("speaker2.monitor", in: rig.server)
            defer { speaker2.stop() }
            let (music, speaker) = try await rig.musicOnSpeaker(seconds: 60)
            defer { music.kill(); speaker.stop() }

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let call = try await rig.silentCall(heardOn: speaker)
            defer { call.kill() }
            let musicIndex = try #require(try await rig.stream(named: "music")?.index)
            try await waitUntil("the user moved the music to speaker2", poll: .milliseconds(300)) {
                if try await rig.stream(named: "music")?.sink == secondIndex { return true }
                _ = try await rig.server.pactl("move-sink-input", String(musicIndex), "speaker2")
                return false
            }
            try await waitUntil("the music is silent on speaker2 during the call") {
                try await speaker2.rms(over: .milliseconds(200)) < 0.005
            }
            #expect(try await speaker2.rms(over: .milliseconds(500)) < 0.005, "and stays silent")
            call.terminate()
            _ = await call.waitForExit()
            try await rig.waitUntilHeard(speaker2, "the music is heard on speaker2 after the call")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        @Test("kill -9 of the agent mid-duck, then mid-call; each next agent restores the factor or plays the music")
        func crashRecovery() async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            let (music, speaker) = try await rig.musicOnSpeaker(seconds: 120)
            defer { music.kill(); speaker.stop() }

            let first = try await rig.startAgent()
            defer { first.kill() }
            let prompt = try await rig.duckingPrompt()
            defer { prompt.kill() }
            first.kill()
            #expect(await first.waitForExit() == 128 + SIGKILL)
            // End the ducking session while no agent runs: its player quits, run cannot reach the agent.
            prompt.terminate()
            _ = await prompt.waitForExit()
            try await waitUntil("the prompt's stream is gone") { try await rig.stream(named: "prompt") == nil }
            let factor = try #require(try await rig.volumeFactor("music"))
            #expect(abs(factor - 0.3) < 0.01, "control: nothing restores it without an agent")

            let second = try rig.spawnAgent()
            defer { second.kill() }
            try await rig.waitForFactor("music", 1)
            try await rig.waitUntilAnswering(second)
            let call = try await rig.silentCall(heardOn: speaker)
            defer { call.kill() }
            second.kill()
            #expect(await second.waitForExit() == 128 + SIGKILL)
            call.terminate()
            _ = await call.waitForExit()
            try await waitUntil("the call's stream is gone") { try await rig.stream(named: "call") == nil }
            #expect(try await speaker.rms(over: .milliseconds(300)) < 0.005, "control: nothing plays it without an agent")

            let third = try rig.spawnAgent()
            defer { third.kill() }
            try await rig.waitUntilHeard(speaker, "the third agent plays the music again")
            #expect(try await rig.stream(named: "music")?.isMuted == false, "the crashed agent's Pause and mute are both undone")
            try await rig.waitUntilAnswering(third)
            #expect(await rig.stopAgent(third) == 0, "\(third.standardError)")
        }

        @Test("SIGTERM mid-duck, and SIGTERM mid-call, leave nothing ducked, paused or muted")
        func terminate() async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            let (music, speaker) = try await rig.musicOnSpeaker(seconds: 120)
            defer { music.kill(); speaker.stop() }

            let first = try await rig.startAgent()
            defer { first.kill() }
            let prompt = try await rig.duckingPrompt()
            defer { prompt.kill() }
            #expect(await rig.stopAgent(first) == 0, "\(first.standardError)")
            // The prompt's player still runs: only the agent's change is undone.
            #expect(try await rig.volumeFactor("music") == 1)
            prompt.terminate()
            _ = await prompt.waitForExit()

            let second = try await rig.startAgent()
            defer { second.kill() }
            let call = try await rig.silentCall(heardOn: speaker)
            defer { call.kill() }
            #expect(await rig.stopAgent(second) == 0, "\(second.standardError)")
            try await rig.waitUntilHeard(speaker, "the music is heard once the agent has stopped, the call still running")
            #expect(try await rig.stream(named: "music")?.isMuted == false, "the Pause's mute is undone too")
        }
    }
}
