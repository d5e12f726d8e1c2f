import AudioSessionTesting
import Testing

extension AgentIntegrationTests {
    /// The user's own change to a stream during a duck or a silence wins and is kept afterwards:
    /// a volume set with pactl while ducked, an unmute while a call silences the stream, a move to
    /// another device while ducked. The agent does not put its own saved value back on top.
    @Suite("the user's change wins")
    struct UserChangeWins {
        /// The setups whose agent silences by muting (the pulse protocol): the user can unmute there.
        static let mutingSetups = SoundSetup.allCases.filter(\.silencesByMuting)

        @Test("a volume set during a duck is the level the music keeps after it, and the next duck starts from", arguments: SoundSetup.allCases)
        func volumeDuringDuck(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let music = try rig.play("music", try rig.tone("music", seconds: 90), role: "music")
            defer { music.kill() }
            try await rig.setVolume("music", 80)
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let promptFile = try rig.tone("prompt", seconds: 60, frequency: 660)

            let prompt = try rig.runPlaying("prompt", promptFile, AgentRig.duckOthers)
            defer { prompt.kill() }
            try await rig.waitForDucked("music")
            try await rig.setVolume("music", 40)
            prompt.terminate()
            _ = await prompt.waitForExit()
            try await waitUntil("the duck ends", timeout: .seconds(20)) { try await rig.explain("music").contains("playing") }
            #expect(try await rig.stream(named: "music")?.volumePercents == [40, 40], "the user's 40 % stays after the duck")

            // A second duck lowers the music from the user's 40 %, not from the 80 % the agent saw
            // first, and ends there again.
            let second = try rig.runPlaying("prompt-2", promptFile, AgentRig.duckOthers)
            defer { second.kill() }
            try await waitUntil("the second prompt ducks the music from 40 %", timeout: .seconds(20)) {
                if setup == .pipewireNative { return try await rig.volumeFactor("music").map { abs($0 - 0.3) < 0.01 } ?? false }
                return try await rig.stream(named: "music")?.volumePercents.allSatisfy { (20..<40).contains($0) } == true
            }
            second.terminate()
            _ = await second.waitForExit()
            try await rig.waitForUnducked("music", 40)
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        @Test("music the user had muted, unmuted by the user during a call, stays unmuted after the call", arguments: mutingSetups)
        func unmuteDuringSilence(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let music = try rig.play("music", try rig.tone("music", seconds: 90), role: "music")
            defer { music.kill() }
            try await rig.setVolume("music", 80)
            let index = try await rig.waitForStream("music").index
            _ = try await rig.server.pactl("set-sink-input-mute", String(index), "1")
            try await waitUntil("the user muted the music") { try await rig.stream(named: "music")?.isMuted == true }
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            let call = try rig.runPlaying(
                "call", try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav"),
                ["--category", "play-and-record", "--mode", "voice-chat"])
            defer { call.kill() }
            try await waitUntil("the call silences the music", timeout: .seconds(20)) {
                try await rig.explain("music").contains("silenced")
            }
            // The user unmutes the music during the call: it plays, the agent does not mute it again.
            _ = try await rig.server.pactl("set-sink-input-mute", String(index), "0")
            try await waitUntil("the user unmuted the music") { try await rig.stream(named: "music")?.isMuted == false }
            call.terminate()
            _ = await call.waitForExit()
            try await waitUntil("the call's session ends", timeout: .seconds(20)) { try await rig.sessions().isEmpty }
            // A duck decided after the call's end reaches the server after whatever the end sent.
            let prompt = try rig.runPlaying("prompt", try rig.tone("prompt", seconds: 60, frequency: 660), AgentRig.duckOthers)
            defer { prompt.kill() }
            try await rig.waitForDucked("music")
            #expect(try await rig.stream(named: "music")?.isMuted == false, "the user's unmute is kept after the call")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            #expect(try await rig.stream(named: "music")?.isMuted == false, "and after the agent stops")
        }

        @Test("music the user moves to another speaker during a duck stays there at the user's level after it", arguments: SoundSetup.allCases)
        func moveDuringDuck(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            _ = try await rig.server.plug(.secondSpeaker)
            let secondIndex = try await waitForValue("speaker2") { try await rig.server.sinkIndex(named: "speaker2") }
            let music = try rig.play("music", try rig.tone("music", seconds: 90), role: "music")
            defer { music.kill() }
            try await rig.setVolume("music", 80)
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            let prompt = try rig.runPlaying("prompt", try rig.tone("prompt", seconds: 60, frequency: 660), AgentRig.duckOthers)
            defer { prompt.kill() }
            try await rig.waitForDucked("music")
            let index = try await rig.waitForStream("music").index
            try await waitUntil("the user moved the music to speaker2", poll: .milliseconds(300)) {
                if try await rig.stream(named: "music")?.sink == secondIndex { return true }
                _ = try await rig.server.pactl("move-sink-input", String(index), "speaker2")
                return false
            }
            prompt.terminate()
            _ = await prompt.waitForExit()
            try await rig.waitForUnducked("music", 80)
            #expect(try await rig.stream(named: "music")?.sink == secondIndex, "the music stays where the user moved it")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
