import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// VLC names its stream's role (`video`) and app (`org.VideoLAN.VLC`, binary `vlc`) and
    /// serves MPRIS: a call silences it and pauses it over MPRIS, and it plays again after. cvlc
    /// refuses to run as root, so it runs as `nobody` (``UnprivilegedCommand``) on a bus that
    /// admits other users.
    @Suite("legacy: cvlc")
    struct VlcCall {
        @Test("a call pauses cvlc over MPRIS, silent on the device, and it plays again after", arguments: SoundSetup.allCases)
        func callPausesVlc(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup, busAdmitsOtherUsers: true)
            defer { rig.stop() }
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            let command = UnprivilegedCommand(
                "cvlc", ["--no-video", "--aout=pulse", "--input-repeat=-1", try rig.tone("vlc-movie", seconds: 60)])
            let vlc = try rig.server.spawn(
                command.tool, command.arguments, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address])
            defer { vlc.kill() }
            let stream = try await waitForValue("cvlc plays") { () -> PulseSinkInput? in
                guard vlc.isRunning else { throw AgentRig.AgentExited(log: "cvlc exited: \(vlc.standardError)") }
                return try await rig.server.sinkInputs().first { $0.properties["application.id"] == "org.VideoLAN.VLC" }
            }
            #expect(stream.properties["media.role"] == "video")
            #expect(stream.properties["application.process.user"] == "nobody")
            try await waitUntil("cvlc serves MPRIS on the private bus and plays", timeout: .seconds(20)) { try await status(on: rig) == "Playing" }

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let call = try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav")
            let phone = try rig.play("call", call, role: "phone")
            defer { phone.kill() }
            try await waitUntil("cvlc is silent on the speaker's monitor during the call") {
                try await speaker.rms(over: .milliseconds(200)) < 0.005
            }
            try await waitUntil("cvlc is paused over MPRIS during the call") { try await status(on: rig) == "Paused" }

            phone.terminate()
            _ = await phone.waitForExit()
            try await waitUntil("cvlc plays again after the call") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }
            #expect(try await status(on: rig) == "Playing")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// VLC's MPRIS playback status, as playerctl reads it on the rig's bus.
        func status(on rig: AgentRig) async throws -> String {
            let result = try await rig.server.run(
                "playerctl", ["-p", "vlc", "status"], extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address])
            return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
