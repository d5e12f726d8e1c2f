import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// A real player that sets no media.role (mpv with mpv-mpris, on the private bus) is silenced by
    /// a call (a phone paplay) and plays again after it.
    @Suite("legacy: mpv")
    struct MpvCall {
        /// On the native backend the agent pauses mpv's node and mpv over MPRIS (which corks its
        /// pipewire-pulse stream); it must send the node's Start only after the MPRIS Play, never
        /// while mpv has the stream corked, or mpv stays silent while MPRIS says Playing.
        @Test("a call silences mpv and mpv plays again after", arguments: SoundSetup.allCases)
        func callSilencesMpv(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            let mpv = try rig.server.spawn(
                "mpv",
                [
                    "--no-config", "--script=\(Self.mprisScript)", "--no-video", "--ao=pulse", "--audio-device=pulse/speaker",
                    try rig.tone("mpv-music", seconds: 60),
                ],
                extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address])
            defer { mpv.kill() }
            try await waitUntil("mpv plays") {
                guard mpv.isRunning else { throw AgentRig.AgentExited(log: "mpv exited: \(mpv.standardError)") }
                return try await rig.server.sinkInputs().contains { $0.properties["application.name"]?.lowercased().contains("mpv") == true }
            }
            let call = try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav")

            // Control: without the agent a call does not silence a player that sets no role.
            let control = try rig.play("control-call", call, role: "phone")
            defer { control.kill() }
            _ = try await rig.waitForStream("control-call")
            try await waitUntil("without the agent mpv is heard during a call") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }
            control.terminate()
            _ = await control.waitForExit()

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let phone = try rig.play("call", call, role: "phone")
            defer { phone.kill() }
            try await waitUntil("mpv is silent on the speaker's monitor during the call") {
                try await speaker.rms(over: .milliseconds(200)) < 0.005
            }
            phone.terminate()
            _ = await phone.waitForExit()
            try await waitUntil("mpv plays again after the call") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }
            try await waitUntil("mpv reports Playing over MPRIS on the private bus") {
                let status = try await rig.server.run(
                    "playerctl", ["-p", "mpv", "status"], extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address])
                return status.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "Playing"
            }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// Debian's mpv-mpris script.
        static let mprisScript = "/etc/mpv/scripts/mpris.so"
    }
}
