import AudioSessionTesting
import Testing

extension ServerFacts {
    /// pipewire-pulse 0.3.65 has no module-role-cork and never sends cork requests: on PipeWire nothing
    /// in the server stops music for a call, so the agent has to.
    @Suite("Facts: pipewire-pulse does not cork for calls")
    struct PipeWirePulseCorkFacts {
        @Test("a phone stream leaves a music stream audible, unmuted and uncorked, with no cork event", arguments: PipeWireStack.allCases)
        func phoneLeavesMusicPlaying(stack: PipeWireStack) async throws {
            let pipewire = try await stack.start()
            defer { pipewire.stop() }
            #expect(!(try await pipewire.moduleNames().contains("module-role-cork")))
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: pipewire)
            defer { speaker.stop() }
            // Long files, ended by the test: on a loaded machine a 2 s phone stream could end before it is measured.
            let tone = try ToneFile.sine(frequency: 440, seconds: 30, amplitude: 0.5, in: pipewire.directory)
            let silence = try ToneFile.silence(seconds: 30, in: pipewire.directory)

            let music = try pipewire.spawn("paplay", ["--property=media.role=music", tone])
            defer { music.kill() }
            try await waitUntil("the music is heard") { try await speaker.rms(over: .milliseconds(100)) > 0.3 }

            let phone = try pipewire.spawn("paplay", ["--property=media.role=phone", silence])
            defer { phone.kill() }
            _ = try await waitForValue("the phone stream") { try await pipewire.sinkInput(where: "media.role", is: "phone") }
            let level = try await speaker.rms(over: .milliseconds(300))
            let stream = try await pipewire.sinkInput(where: "media.role", is: "music")
            #expect(phone.isRunning, "the music was measured while the phone stream existed")
            #expect(level > 0.3, "rms \(level)")
            #expect(stream?.isMuted == false)
            #expect(stream?.isCorked == false)
            #expect(!music.standardError.contains("Got event"), "paplay reports every stream event it receives")
        }
    }
}
