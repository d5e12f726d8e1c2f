import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// Native PipeWire clients (pw-play, mpv's PipeWire output) name their binary and process only
    /// on their PipeWire client object, not on their node: the agent reads them there, on the native
    /// backend and through pipewire-pulse, so `explain` shows them, `[[app]]` rules by binary match
    /// them, and a call pauses such a player over MPRIS.
    @Suite("native PipeWire clients' identity", .serialized)
    struct NativeClientIdentity {
        @Test("pw-play's binary and process show in explain; an [[app]] rule for its binary keeps it playing through a call",
              arguments: [SoundSetup.pipewireNative, .pipewirePulse])
        func ruleByBinary(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            // pw-play is pw-cat: that is the binary its client names, and /proc too.
            let fragments = rig.configurationDirectory + "/audiosession/policy.d"
            try FileManager.default.createDirectory(atPath: fragments, withIntermediateDirectories: true)
            try """
            version = 1

            [[app]]
            match = ["pw-cat"]
            exempt = true
            """.write(toFile: fragments + "/50-pw-cat.toml", atomically: true, encoding: .utf8)
            let agent = try await rig.startAgent(policy: nil)
            defer { agent.kill() }

            let nativeFile = try rig.tone("native", seconds: 60)
            let native = try rig.server.spawn("pw-play", ["--properties={ media.role = Music }", nativeFile])
            defer { native.kill() }
            let control = try rig.play("control", try rig.tone("control", seconds: 60, frequency: 660), role: "music")
            defer { control.kill() }
            let nativeRow = try await rig.waitForStream(nativeFile)
            let controlRow = try await rig.waitForStream("control")

            let id = try await waitForValue("the agent lists pw-play's stream") { () async throws -> String? in
                let status = try await rig.ctl(["status", "--json"])
                let object = try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
                let streams = object?["streams"] as? [[String: Any]] ?? []
                return streams.first { $0["application"] as? String == "pw-play" }?["stream"] as? String
            }
            // The process is verified where the PipeWire server vouches for it (its socket's
            // credentials); through the pulse protocol a client could have written it.
            let evidence = setup == .pipewireNative ? "verified" : "claimed"
            let explain = try await rig.ctl(["explain", id])
            #expect(explain.status == 0, "\(explain.standardError)")
            #expect(
                explain.standardOutput.contains(#"app: process binary "pw-cat" (claimed), process \#(native.pid) (\#(evidence))"#),
                "\(explain.standardOutput)")
            #expect(explain.standardOutput.contains(#"exempt app: claimed process binary "pw-cat""#), "\(explain.standardOutput)")

            let nativeHeard = try await MonitorRecorder.start(monitoringStream: nativeRow.index, in: rig.server)
            defer { nativeHeard.stop() }
            let controlHeard = try await MonitorRecorder.start(monitoringStream: controlRow.index, in: rig.server)
            defer { controlHeard.stop() }
            let call = try rig.play("call", try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav"), role: "phone")
            defer { call.kill() }
            // Control: the call silences the other music stream (muted on the pulse protocol, its
            // node paused on the native one).
            try await waitUntil("the call silences the control music", timeout: .seconds(20)) {
                if setup == .pipewireNative {
                    return try await controlHeard.rms(over: .milliseconds(150), grace: .milliseconds(400)) < 0.01
                }
                return try await rig.stream(named: "control")?.isMuted == true
            }
            #expect(try await rig.stream(named: nativeFile)?.isMuted == false, "the exempt pw-play is not muted")
            #expect(try await nativeHeard.rms(over: .milliseconds(300)) > 0.1, "the exempt pw-play plays on through the call")
            #expect(agent.isRunning)
        }

        @Test("a call pauses mpv playing through its PipeWire output over MPRIS; it plays again after",
              arguments: [SoundSetup.pipewireNative, .pipewirePulse])
        func mpvPausedOverMpris(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let bus = ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address]
            let mpv = try rig.server.spawn(
                "mpv",
                [
                    "--no-config", "--script=\(MpvCall.mprisScript)", "--no-video", "--ao=pipewire",
                    try rig.tone("mpv-music", seconds: 60),
                ],
                extraEnvironment: bus)
            defer { mpv.kill() }
            func mprisStatus() async throws -> String {
                let status = try await rig.server.run("playerctl", ["-p", "mpv", "status"], extraEnvironment: bus)
                return status.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            try await waitUntil("mpv plays through PipeWire and says so over MPRIS", timeout: .seconds(20)) {
                guard mpv.isRunning else { throw AgentRig.AgentExited(log: "mpv exited: \(mpv.standardError)") }
                let playing = try await rig.server.sinkInputs().contains { $0.properties["application.name"] == "mpv" }
                guard playing else { return false }
                return try await mprisStatus() == "Playing"
            }
            // mpv's stream names no process: only its PipeWire client does.
            let row = try #require(try await rig.server.sinkInputs().first { $0.properties["application.name"] == "mpv" })
            #expect(row.properties["application.process.id"] == nil, "\(row.properties)")

            let call = try rig.play("call", try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav"), role: "phone")
            defer { call.kill() }
            try await waitUntil("the call pauses mpv over MPRIS", timeout: .seconds(20)) { try await mprisStatus() == "Paused" }
            call.terminate()
            _ = await call.waitForExit()
            try await waitUntil("mpv plays again after the call", timeout: .seconds(20)) { try await mprisStatus() == "Playing" }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
