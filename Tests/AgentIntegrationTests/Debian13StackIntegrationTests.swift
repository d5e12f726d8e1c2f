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

        /// The shared libraries process `pid` has mapped, as /proc/PID/maps lists them.
        static func libraries(of pid: Int32) -> String {
            // Read to the end: /proc files report no size, and a read by size stops after a page.
            String(decoding: FileHandle(forReadingAtPath: "/proc/\(pid)/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        }
    }
}
