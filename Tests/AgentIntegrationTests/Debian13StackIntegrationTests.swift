import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// The stack most desktops run: PipeWire 1.4 + WirePlumber 0.5 + pipewire-pulse from a
    /// Debian 13 root (`scripts/make-root`, cached per machine). The agent built here runs inside
    /// the root, against its libpipewire 1.4 and libpulse 17, as a user of Debian 13 runs it; and
    /// once from this machine (libpulse 16.1, libpipewire 0.3.65) through the stack's sockets: the
    /// cross-version pairing, which must work too.
    @Suite("Debian 13's PipeWire 1.4 and WirePlumber 0.5")
    struct Debian13Stack {
        @Test(
            "a phone stream silences music and releases it on PipeWire 1.4, the agent on either backend, inside the root and from this machine",
            arguments: [(SoundSetup.pipewirePulse, true), (.pipewireNative, true), (.pipewirePulse, false)])
        func phoneSilencesMusic(setup: SoundSetup, insideRoot: Bool) async throws {
            let root = try await SoundStackRoot.debian13()
            var rig = try await AgentRig.start(setup, on: try await PrivatePipeWire.start(root: root))
            rig.agentRunsInsideRoot = insideRoot
            defer { rig.stop() }
            let serverName = try await rig.server.pactl("info")
            #expect(serverName.contains("Server Name: PulseAudio (on PipeWire 1.4."), "\(serverName)")

            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            // Which libpipewire the agent loaded: the root's 1.4 (1402) inside it, this machine's 0.3.65 (365) here.
            #expect(Self.libraries(of: agent.pid).contains(insideRoot ? "libpipewire-0.3.so.0.1402." : "libpipewire-0.3.so.0.365."), "the agent's libpipewire")
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            _ = try await rig.waitForStream("music")
            // The clients too: paplay with the root's libpulse 17 (0.24.3) inside it, this machine's 16.1 (0.24.2) here.
            #expect(Self.libraries(of: music.pid).contains(insideRoot ? "libpulse.so.0.24.3" : "libpulse.so.0.24.2"), "paplay's libpulse")
            try await waitUntil("the music is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }

            let phone = try rig.play("call", try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav"), role: "phone")
            defer { phone.kill() }
            try await waitUntil("the music is silent on the speaker's monitor during the call") {
                try await speaker.rms(over: .milliseconds(200)) < 0.005
            }
            phone.terminate()
            _ = await phone.waitForExit()
            try await waitUntil("the music is heard again after the call") {
                try await speaker.rms(over: .milliseconds(200)) > 0.1
            }
            let stream = try #require(try await rig.stream(named: "music"))
            #expect(!stream.isMuted && !stream.isCorked)
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        @Test(
            "with WirePlumber 0.5's role loopbacks the agent steps back: WirePlumber ducks music for a call, the agent neither mutes nor pauses it, and status says why",
            arguments: [SoundSetup.pipewirePulse, .pipewireNative])
        func stepsBackForWirePlumberRolePolicy(setup: SoundSetup) async throws {
            let root = try await SoundStackRoot.debian13()
            let pipewire = try await PrivatePipeWire.start(root: root)
            let rig = try await AgentRig.start(setup, on: pipewire)
            defer { rig.stop() }
            let musicLoopback = try pipewire.startRoleLoopback("music", roles: ["Music"], priority: 10)
            defer { musicLoopback.process.kill() }
            let phoneLoopback = try pipewire.startRoleLoopback("phone", roles: ["Communication"], priority: 90, ducksOthers: true)
            defer { phoneLoopback.process.kill() }
            try await pipewire.waitUntilLinked([musicLoopback, phoneLoopback])
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            try await waitUntil("the music plays into its role loopback") {
                try await pipewire.nodesLinked(from: "media.name", "music") == [musicLoopback.sinkName]
            }
            try await waitUntil("the music is heard through its loopback") { try await speaker.rms(over: .milliseconds(200)) > 0.25 }
            let full = try await speaker.rms(over: .milliseconds(300))
            let phone = try rig.play("call", try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav"), role: "phone")
            defer { phone.kill() }
            try await waitUntil("WirePlumber ducks the Music loopback to 0.3 for the call") {
                try await pipewire.nodeVolume(named: musicLoopback.playbackName).map { abs($0 - 0.3) < 0.001 } == true
            }
            // Once the agent lists the call as left to WirePlumber it has decided for the music too.
            try await waitUntil("the agent lists the call, left to WirePlumber's role policy") {
                let result = try await rig.ctl(["status", "--json"])
                let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
                return (object?["streams"] as? [[String: Any]] ?? []).contains { stream in
                    stream["role"] as? String == "communication"
                        && (stream["excluded_because"] as? String)?.contains("WirePlumber's role policy") == true
                }
            }
            let ducked = try await speaker.rms(over: .milliseconds(300))
            #expect(ducked > full * 0.2 && ducked < full * 0.4, "WirePlumber's duck is heard, not the agent's silence: \(ducked) against \(full)")
            let stream = try #require(try await rig.stream(named: "music"))
            #expect(!stream.isMuted && !stream.isCorked && stream.volumePercents.allSatisfy { $0 == 100 }, "\(stream)")
            let status = try await rig.ctl(["status"])
            #expect(status.standardOutput.contains("excluded: left to WirePlumber's role policy"), "\(status.standardOutput)")

            phone.terminate()
            _ = await phone.waitForExit()
            try await waitUntil("the Music loopback is back at 1.0 after the call") {
                try await pipewire.nodeVolume(named: musicLoopback.playbackName).map { abs($0 - 1) < 0.001 } == true
            }
            #expect(try await speaker.rms(over: .milliseconds(300)) > full * 0.8)
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// The shared libraries process `pid` has mapped, as /proc/PID/maps lists them.
        static func libraries(of pid: Int32) -> String {
            // Read to the end: /proc files report no size, and a read by size stops after a page.
            String(decoding: FileHandle(forReadingAtPath: "/proc/\(pid)/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        }
    }
}
