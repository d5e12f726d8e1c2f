import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// A record session (`audiosessionctl run --category record -- parec ...`) silences other
    /// output while it is active; a level meter (parec on the speaker's monitor, no session) is an
    /// observer: it neither silences anything nor is silenced.
    @Suite("record")
    struct Record {
        @Test("a record session silences the music while active; a level meter does not and is not silenced", arguments: SoundSetup.allCases)
        func recordSilencesOutput(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            _ = try await rig.waitForStream("music")
            let recording = ["parec", "-d", "mic", "--property=media.name=recorder", "--file-format=wav", rig.directory + "/recorded.wav"]

            // Control: without the agent a capture does not silence the music.
            let control = try rig.server.spawn(recording[0], Array(recording.dropFirst()))
            defer { control.kill() }
            try await waitUntil("the capture runs") { try await rig.sourceOutput(named: "recorder") != nil }
            try await waitUntil("without the agent the music is heard while capturing") {
                try await speaker.rms(over: .milliseconds(200)) > 0.1
            }
            control.terminate()
            _ = await control.waitForExit()

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let meter = try rig.server.spawn(
                "parec", ["-d", "speaker.monitor", "--property=media.name=level-meter", "--file-format=wav", rig.directory + "/meter.wav"])
            defer { meter.kill() }
            try await waitUntil("the level meter runs") { try await rig.sourceOutput(named: "level-meter") != nil }
            try await waitUntil("with the agent and a level meter the music is heard") {
                try await speaker.rms(over: .milliseconds(200)) > 0.1
            }

            let recorder = try rig.spawnCtl(["run", "--category", "record", "--"] + recording)
            defer { recorder.kill() }
            try await waitUntil("the music is silent on the speaker's monitor while the record session is active") {
                try await speaker.rms(over: .milliseconds(200)) < 0.005
            }
            #expect(try await rig.stream(named: "music")?.isMuted == true, "muted (the native agent pauses and mutes the node)")
            let meterCapture = try await rig.sourceOutput(named: "level-meter")
            #expect(meterCapture?["mute"] as? Bool == false, "the level meter's capture is not silenced")

            recorder.terminate()
            #expect(await recorder.waitForExit() == 0, "\(recorder.standardError)")
            try await waitUntil("the music is heard again once the record session ended") {
                try await speaker.rms(over: .milliseconds(200)) > 0.1
            }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
