import AudioSessionTesting
import Testing

extension AgentIntegrationTests {
    /// Other graph tools coexist with the agent. In an effects-host setup (apps play into a null
    /// sink used as a virtual output; a loopback carries its monitor to the speaker), a phone call
    /// silences the music app but not the loopback, so the call itself is heard; and a loopback
    /// whose stream names the phone role is no call of its own.
    @Suite("graph tools coexist")
    struct GraphTools {
        /// How the loopback is made: module-loopback (PulseAudio's, or pipewire-pulse's own), or
        /// PipeWire's pw-loopback client.
        enum Loopback: String, Sendable, CustomTestStringConvertible {
            case module = "module-loopback"
            case pwLoopback = "pw-loopback"
            var testDescription: String { rawValue }
        }

        static let cases: [(SoundSetup, Loopback)] =
            SoundSetup.allCases.map { ($0, .module) } + [(.pipewirePulse, .pwLoopback), (.pipewireNative, .pwLoopback)]

        /// A null sink `virtual` and a loopback whose stream is named `loop`, from the sink's
        /// monitor to the speaker, with `role` when given; returns pw-loopback's process.
        static func effectsHost(on rig: AgentRig, _ loopback: Loopback, role: String? = nil) async throws -> ChildProcess? {
            _ = try await rig.server.plug(FakeDevice(name: "virtual", description: "Virtual Output"))
            let roleProperty = role.map { " media.role=\($0)" } ?? ""
            switch loopback {
            case .module:
                _ = try await rig.server.pactl(
                    "load-module", "module-loopback", "source=virtual.monitor", "sink=speaker", "latency_msec=60",
                    "sink_input_properties='media.name=loop\(roleProperty)'")
                _ = try await rig.waitForStream("loop")
                return nil
            case .pwLoopback:
                // The stack's own pw-loopback (inside its root on another release's stack).
                let command = try rig.pipewire.commandInside([
                    "pw-loopback", "--capture-props=target.object=virtual stream.capture.sink=true",
                    "--playback-props=media.name=loop target.object=speaker\(roleProperty)",
                ])
                let process = try ChildProcess(command, environment: rig.environment, outputDirectory: rig.directory)
                do {
                    _ = try await rig.waitForStream("loop")
                } catch {
                    process.kill()
                    throw error
                }
                return process
            }
        }

        /// paplay of `file` into `device`, with `role`, as an app plays.
        static func play(_ name: String, _ file: String, role: String, into device: String, on rig: AgentRig) throws -> ChildProcess {
            try rig.server.spawn("paplay", ["--device=\(device)", "--property=media.name=\(name)", "--property=media.role=\(role)", file])
        }

        /// Waits until a call silences the stream named `name`: muted on the pulse protocol; on
        /// native PipeWire its node is paused, so `heard` (a recorder of the stream) falls silent.
        static func waitUntilSilenced(_ name: String, heard: MonitorRecorder, on rig: AgentRig) async throws {
            try await waitUntil("the call silences \(name)", timeout: .seconds(20)) {
                if rig.setup == .pipewireNative {
                    return try await heard.rms(over: .milliseconds(150), grace: .milliseconds(400)) < 0.01
                }
                return try await rig.stream(named: name)?.isMuted == true
            }
        }

        @Test("a phone call silences the music played into a virtual sink, not the loopback: the call is heard", arguments: cases)
        func callDoesNotSilenceTheLoopback(setup: SoundSetup, loopback: Loopback) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let looper = try await Self.effectsHost(on: rig, loopback)
            defer { looper?.kill() }
            try await rig.setVolume("loop", 80)

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let music = try Self.play("music", try rig.tone("music", seconds: 60), role: "music", into: "virtual", on: rig)
            defer { music.kill() }
            let musicHeard = try await MonitorRecorder.start(monitoringStream: try await rig.waitForStream("music").index, in: rig.server)
            defer { musicHeard.stop() }
            let loopHeard = try await MonitorRecorder.start(monitoringStream: try await rig.waitForStream("loop").index, in: rig.server)
            defer { loopHeard.stop() }
            try await waitUntil("the music is heard through the loopback", timeout: .seconds(15)) {
                try await loopHeard.rms(over: .milliseconds(200)) > 0.05
            }

            let call = try Self.play("call", try rig.tone("call", seconds: 60, frequency: 660), role: "phone", into: "virtual", on: rig)
            defer { call.kill() }
            try await Self.waitUntilSilenced("music", heard: musicHeard, on: rig)
            // The loopback carries the call: it plays on, as the user set it, and the agent says why.
            // A paused node would stall the null sink the loopback carries on, the call with it
            // (`NodePauseFacts.pauseStallsAVirtualSink`): the native backend mutes the music there.
            #expect(try await loopHeard.rms(over: .milliseconds(300)) > 0.05, "the call is heard through the loopback")
            let loop = try #require(try await rig.stream(named: "loop"))
            #expect(loop.isMuted == false && loop.volumePercents.allSatisfy { $0 == 80 }, "\(loop)")
            if setup == .pipewireNative {
                #expect(try await rig.volumeFactor("loop") ?? 1 == 1, "the loopback's Props volume is untouched")
            }
            let explain = try await rig.explain("loop")
            #expect(explain.contains("playing") && explain.contains("excluded: "), "\(explain)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        @Test("a loopback whose stream names the phone role is no call: the music is only ducked by a prompt after it", arguments: cases)
        func loopbackIsNoTrigger(setup: SoundSetup, loopback: Loopback) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            try await rig.setVolume("music", 80)

            // The loopback carries a call app's audio through a filter, so its stream says phone.
            let looper = try await Self.effectsHost(on: rig, loopback, role: "phone")
            defer { looper?.kill() }
            let explain = try await rig.explain("loop")
            #expect(explain.contains("excluded: "), "\(explain)")
            // A prompt the agent acts on after it has the loopback: once the music is ducked, any
            // silence the loopback had caused would have reached the server before the duck.
            let prompt = try rig.runPlaying("prompt", try rig.tone("prompt", seconds: 60, frequency: 660), AgentRig.duckOthers)
            defer { prompt.kill() }
            try await rig.waitForDucked("music")
            let explained = try await rig.explain("music")
            #expect(explained.contains("ducked") && !explained.contains("silenced"), "\(explained)")
            #expect(try await rig.stream(named: "music")?.isMuted == false, "the loopback did not silence the music")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
