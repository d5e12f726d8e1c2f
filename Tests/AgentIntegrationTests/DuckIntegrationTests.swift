import AudioSessionTesting
import Testing

extension AgentIntegrationTests {
    /// A duck-others prompt started with `audiosessionctl run` lowers a music paplay to the policy's
    /// level (0.3 in amplitude: ∛0.3 of its volume on pactl's cubic scale, 80 % → 54 %) while it
    /// plays, and the music comes back to exactly its own volume; the restore database keeps it.
    @Suite("duck")
    struct Duck {
        @Test("a duck-others prompt lowers the music to the policy level; it returns to exactly 80 %", arguments: SoundSetup.allCases)
        func duckAndRestore(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            try await rig.setVolume("music", 80)
            let promptFile = try rig.tone("prompt", seconds: 2, frequency: 660)

            // Control: the same prompt without the agent leaves the music alone.
            let control = try rig.play("control-prompt", promptFile)
            _ = try await rig.waitForStream("control-prompt")
            #expect(await control.waitForExit() == 0)
            #expect(try await rig.stream(named: "music")?.volumePercents == [80, 80], "without the agent nothing ducks")

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let prompt = try rig.runPlaying(
                "prompt", promptFile, ["--category", "playback", "--option", "mix-with-others", "--option", "duck-others"])
            defer { prompt.kill() }
            try await rig.waitForDucked("music")
            #expect(await prompt.waitForExit() == 0, "run exits with paplay's status: \(prompt.standardError)")
            try await rig.waitForUnducked("music", 80)
            #expect(try await rig.stream(named: "music")?.volumePercents == [80, 80], "exactly the original")

            if setup.hasRestoreDatabase {
                // A new music stream starts from what the restore database holds for the role.
                let next = try rig.play("music-2", try rig.tone("music-2", seconds: 30), role: "music")
                defer { next.kill() }
                try await rig.waitForUnducked("music-2", 80)
            }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
