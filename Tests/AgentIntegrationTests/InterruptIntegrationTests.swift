import AudioSessionTesting
import Testing

extension AgentIntegrationTests {
    /// Two non-mixable playback sessions started with `audiosessionctl run`: the second interrupts
    /// the first, whose stream falls silent on the speaker's monitor; when the second ends (with
    /// notify-others, run's default) the first is told it may resume and is heard again.
    @Suite("interrupt and resume")
    struct InterruptAndResume {
        @Test("the second run interrupts the first; ending it resumes the first", arguments: SoundSetup.allCases)
        func interruptAndResume(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            let tone = try rig.tone("first", seconds: 60)
            // The interrupter plays digital silence, so what the monitor hears is the first alone.
            let silence = try ToneFile.silence(seconds: 60, in: rig.directory, name: "second.wav")

            // Control: without the agent the second player does not silence the first.
            let controlFirst = try rig.play("control-first", tone)
            defer { controlFirst.kill() }
            let controlSecond = try rig.play("control-second", silence)
            defer { controlSecond.kill() }
            _ = try await rig.waitForStream("control-second")
            try await waitUntil("without the agent the first is heard while the second plays") {
                try await speaker.rms(over: .milliseconds(200)) > 0.1
            }
            controlFirst.kill()
            controlSecond.kill()
            _ = await controlFirst.waitForExit()
            _ = await controlSecond.waitForExit()

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let first = try rig.runPlaying("first", tone, ["--category", "playback", "--app-id", "org.example.First"])
            defer { first.kill() }
            _ = try await rig.waitForStream("first")
            try await waitUntil("the first is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }

            let second = try rig.runPlaying("second", silence, ["--category", "playback", "--app-id", "org.example.Second"])
            defer { second.kill() }
            try await waitUntil("the first run prints its interruption") {
                first.standardError.contains("interruption-began session=")
            }
            try await waitUntil("the first is silent on the speaker's monitor") {
                try await speaker.rms(over: .milliseconds(200)) < 0.005
            }
            #expect(first.isRunning, "an interrupted run keeps running its command")

            // SIGTERM reaches paplay through run; run then deactivates with notify-others.
            second.terminate()
            #expect(await second.waitForExit() == 0, "\(second.standardError)")
            try await waitUntil("the first run is told the interruption ended and it may resume") {
                first.standardError.contains("interruption-ended") && first.standardError.contains("should_resume=true")
            }
            try await waitUntil("the first is heard again") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }

            first.terminate()
            #expect(await first.waitForExit() == 0, "\(first.standardError)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
