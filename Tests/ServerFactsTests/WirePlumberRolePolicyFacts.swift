import AudioSessionTesting
import Testing

extension ServerFacts {
    /// WirePlumber 0.5's role-based policy (Debian 13's 0.5.8): configuration, not a module. Role
    /// loopback sinks (`policy.role-based.target = true`, `device.intended-roles`) take the streams
    /// of their roles, and while a loopback of higher priority carries a stream, WirePlumber ducks
    /// the others' playback nodes to `linking.role-based.duck-level` (0.3). The agent leaves such
    /// streams to it (`audiosession.role-policy-target`); this pins what WirePlumber does alone.
    @Suite("Facts: WirePlumber 0.5's role-based policy")
    struct WirePlumberRolePolicyFacts {
        @Test("a Communication stream in its role loopback ducks the Music loopback to 0.3, heard on the speaker, and the duck ends with it")
        func roleLoopbackDucks() async throws {
            let pipewire = try await PipeWireStack.debian13.start()
            defer { pipewire.stop() }
            let music = try pipewire.startRoleLoopback("music", roles: ["Music"], priority: 10)
            defer { music.process.kill() }
            let phone = try pipewire.startRoleLoopback("phone", roles: ["Communication"], priority: 90, ducksOthers: true)
            defer { phone.process.kill() }
            try await pipewire.waitUntilLinked([music, phone])
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: pipewire)
            defer { speaker.stop() }

            let tone = try ToneFile.sine(frequency: 440, seconds: 60, amplitude: 0.5, in: pipewire.directory, name: "music.wav")
            let player = try pipewire.spawn("paplay", ["--property=media.role=music", "--property=audiosession.probe=music", tone])
            defer { player.kill() }
            try await waitUntil("pipewire-pulse's Music stream is linked into the Music loopback") {
                try await pipewire.nodesLinked(from: "audiosession.probe", "music") == [music.sinkName]
            }
            try await waitUntil("the music is heard through its loopback") { try await speaker.rms(over: .milliseconds(200)) > 0.25 }
            let full = try await speaker.rms(over: .milliseconds(300))

            let silence = try ToneFile.silence(seconds: 60, in: pipewire.directory, name: "call.wav")
            let call = try pipewire.spawn("paplay", ["--property=media.role=phone", "--property=audiosession.probe=call", silence])
            defer { call.kill() }
            try await waitUntil("a phone stream (Communication on PipeWire) is linked into the phone loopback") {
                try await pipewire.nodesLinked(from: "audiosession.probe", "call") == [phone.sinkName]
            }
            try await waitUntil("WirePlumber ducks the Music loopback's playback node to 0.3") {
                try await pipewire.nodeVolume(named: music.playbackName).map { abs($0 - 0.3) < 0.001 } == true
            }
            let ducked = try await speaker.rms(over: .milliseconds(300))
            #expect(ducked < full * 0.4 && ducked > full * 0.2, "the duck is heard: \(ducked) against \(full)")
            #expect(try await pipewire.sinkInput(where: "audiosession.probe", is: "music")?.isMuted == false, "WirePlumber ducks; it does not mute the stream")

            call.terminate()
            _ = await call.waitForExit()
            try await waitUntil("the Music loopback is back at 1.0 once the call ends") {
                try await pipewire.nodeVolume(named: music.playbackName).map { abs($0 - 1) < 0.001 } == true
            }
        }
    }
}
