import AudioSessionTesting
import Glibc
import Testing

extension AgentIntegrationTests {
    /// The agent is killed (kill -9) while music is ducked; the ducking session ends while no agent
    /// runs; the next agent finds the duck in the journal under XDG_RUNTIME_DIR and, once the grace
    /// period for sessions to re-register has passed, gives the music its volume back: within 1.5 s
    /// of its start.
    @Suite("crash")
    struct Crash {
        @Test("kill -9 of the agent mid-duck; the next agent restores the music within 1.5 s", arguments: SoundSetup.allCases)
        func crashRecovery(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            try await rig.setVolume("music", 80)

            let crashing = try await rig.startAgent()
            defer { crashing.kill() }
            let prompt = try rig.runPlaying(
                "prompt", try rig.tone("prompt", seconds: 60, frequency: 660),
                ["--category", "playback", "--option", "mix-with-others", "--option", "duck-others"])
            defer { prompt.kill() }
            try await rig.waitForDucked("music")

            crashing.kill()
            #expect(await crashing.waitForExit() == 128 + SIGKILL)
            // End the ducking session while no agent runs: its player quits, run cannot reach the agent.
            prompt.terminate()
            _ = await prompt.waitForExit()
            try await waitUntil("the prompt's stream is gone") { try await rig.stream(named: "prompt") == nil }
            #expect(try await rig.isDucked("music"), "control: nothing restores it without an agent")

            let next = try rig.spawnAgent()
            defer { next.kill() }
            try await rig.waitForUnducked("music", 80, timeout: .milliseconds(1500))
            try await rig.waitUntilAnswering(next)
            #expect(await rig.stopAgent(next) == 0, "\(next.standardError)")
        }
    }
}
