import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// The native agent's shutdown must not send a node Start to a node its client has corked: a
    /// Start that reaches a corked pipewire-pulse stream (mpv corks when the agent pauses it over
    /// MPRIS) leaves it silent once the client uncorks, with MPRIS saying Playing (PipeWire 0.3.65).
    @Suite("native PipeWire: shutdown during a call")
    struct NativeShutdown {
        @Test("SIGTERM during a call leaves mpv paused, and it is heard again when the user plays it")
        func stopDuringCallLeavesCorkedPlayerPlayable() async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            let onBus = ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address]
            let mpv = try rig.server.spawn(
                "mpv",
                [
                    "--no-config", "--script=\(MpvCall.mprisScript)", "--no-video", "--ao=pulse", "--audio-device=pulse/speaker",
                    try rig.tone("mpv-music", seconds: 90),
                ],
                extraEnvironment: onBus)
            defer { mpv.kill() }
            func mpvNode() async throws -> PipeWireObject? {
                try await rig.pipewire.nodes().first {
                    $0.properties["media.class"] == "Stream/Output/Audio"
                        && $0.properties["application.name"]?.lowercased().contains("mpv") == true
                }
            }
            try await waitUntil("mpv is heard", timeout: .seconds(15)) {
                guard mpv.isRunning else { throw AgentRig.AgentExited(log: "mpv exited: \(mpv.standardError)") }
                return try await speaker.rms(over: .milliseconds(200)) > 0.1
            }

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let call = try await rig.silentCall(heardOn: speaker)
            defer { call.kill() }
            // mpv corked its stream on the agent's MPRIS Pause: its node no longer runs.
            try await waitUntil("mpv's node stops running once mpv pauses", timeout: .seconds(15)) {
                try await mpvNode().map { $0.state != "running" } ?? false
            }

            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            // The agent let go of mpv's pause without playing it: the user presses play.
            let play = try await rig.server.run("playerctl", ["-p", "mpv", "play"], extraEnvironment: onBus)
            #expect(play.status == 0, "\(play.standardError)")
            do {
                try await waitUntil("mpv is heard after the user plays it", timeout: .seconds(15)) {
                    try await speaker.rms(over: .milliseconds(200)) > 0.1
                }
            } catch {
                Issue.record("mpv's node: \(String(describing: try await mpvNode()))\n\(agent.standardError)")
                throw error
            }
        }
    }
}
