import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// A call that declares nothing (a browser's WebRTC call, a call app without the library):
    /// while the app records from a microphone, its role-less playback is a call. The client is
    /// opted in by its binary in a user's policy fragment, as any desktop call app can be.
    @Suite("calls nobody declared")
    struct CaptureCall {
        @Test(
            "a microphone capture makes the app's playback a call: music is silenced until the capture closes and the hold passes; a monitor capture makes no call",
            arguments: SoundSetup.allCases)
        func microphoneMakesACall(setup: SoundSetup) async throws {
            let scene = try await Scene.start(setup)
            defer { scene.stop() }
            let (rig, agent, song) = (scene.rig, scene.agent, scene.song)

            // A recorder of what plays (the speaker's monitor) is no microphone: its playback stays
            // what it was, and the music plays on.
            let recorder = try await CaptureCallClient.start("Recorder", source: "speaker.monitor", in: rig)
            defer { recorder.process.kill() }
            try await recorder.openCapture()
            let recorderInput = try await Self.agentID(ofCapture: "Recorder input", in: rig)
            let recorderPlayback = try await Self.agentID(ofPlayback: "Recorder", in: rig)
            #expect(try await Self.role(of: recorderPlayback, in: rig) == "none")
            #expect(try await song.isHeard(), "a monitor capture silenced the music")
            #expect(try await Self.listed(recorderInput, in: rig))
            recorder.process.terminate()
            _ = await recorder.process.waitForExit()

            // The same client recording from the microphone is a call.
            let call = try await CaptureCallClient.start("Call", source: "mic", in: rig)
            defer { call.process.kill() }
            let callPlayback = try await Self.agentID(ofPlayback: "Call", in: rig)
            #expect(try await Self.role(of: callPlayback, in: rig) == "none")
            try await call.openCapture()
            try await waitUntil("the call silences the music", timeout: .seconds(20)) { try await song.isSilent() }
            #expect(try await rig.stream(named: "Call")?.isMuted == false, "the call itself plays")
            let explained = try await rig.ctl(["explain", callPlayback])
            #expect(explained.status == 0, "\(explained.standardError)")
            #expect(explained.standardOutput.contains("role communication"), "\(explained.standardOutput)")
            #expect(
                explained.standardOutput.contains("counts as a call because its process captures from a microphone"),
                "\(explained.standardOutput)")

            // The microphone toggled off and on within the hold: the music never comes back.
            let during = try await scene.musicStateChanges {
                try await call.closeCapture(nth: 1)
                try await call.openCapture(nth: 2)
            }
            #expect(during.isEmpty, "the music's state changed while the microphone was toggled: \(during)")
            #expect(try await song.isSilent())

            // The call ends: the capture closes, the hold passes, the music plays again and the
            // call's playback is what it was.
            try await call.closeCapture(nth: 2)
            try await waitUntil("the music plays again after the hold", timeout: .seconds(60)) { try await song.isHeard() }
            #expect(try await Self.role(of: callPlayback, in: rig) == "none")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// Whether a paplay stream is heard, as a user would tell: on the pulse protocol the agent
        /// mutes it; the native agent pauses its node instead (pactl shows it unmuted), so there
        /// what the stream itself plays is measured.
        struct Heard {
            let index: Int
            let rig: AgentRig
            let recorder: MonitorRecorder?

            init(_ name: String, setup: SoundSetup, in rig: AgentRig) async throws {
                try await self.init(index: try await rig.waitForStream(name).index, setup: setup, in: rig)
            }

            /// The sink input `index` (a client whose `media.name` the test does not choose: mpv, a browser).
            init(index: Int, setup: SoundSetup, in rig: AgentRig) async throws {
                self.index = index
                self.rig = rig
                recorder = setup.silencesByMuting ? nil : try await MonitorRecorder.start(monitoringStream: index, in: rig.server)
            }

            func isSilent() async throws -> Bool {
                guard let recorder else { return try await stream()?.isMuted == true }
                return try await recorder.rms(over: .milliseconds(150), grace: .milliseconds(400)) < 0.01
            }

            func isHeard() async throws -> Bool {
                guard let recorder else { return try await stream()?.isMuted == false }
                return try await recorder.rms(over: .milliseconds(150), grace: .milliseconds(400)) > 0.1
            }

            private func stream() async throws -> PulseSinkInput? {
                try await rig.server.sinkInputs().first { $0.index == index }
            }

            func stop() { recorder?.stop() }
        }

        /// Opts the test client in by its process binary, with a hold long enough that closing and
        /// reopening its capture always falls within it.
        static func writeFragment(in rig: AgentRig) throws {
            let fragments = rig.configurationDirectory + "/audiosession/policy.d"
            try FileManager.default.createDirectory(atPath: fragments, withIntermediateDirectories: true)
            try """
            version = 1

            [interruption]
            capture-call-hold-ms = 10000

            [[app]]
            match = ["capture-call"]
            call-while-capturing = true
            """.write(toFile: fragments + "/50-capture-call.toml", atomically: true, encoding: .utf8)
        }

        /// The agent's id of the sink input whose `media.name` is `name`, once the agent lists it.
        static func agentID(ofPlayback name: String, in rig: AgentRig) async throws -> String {
            let sinkInput = try await rig.waitForStream(name)
            return try await agentID(prefix: "sink-input:\(sinkInput.index)@", in: rig)
        }

        /// The agent's id of the source output whose `media.name` is `name`, once the agent lists it.
        static func agentID(ofCapture name: String, in rig: AgentRig) async throws -> String {
            let output = try await waitForValue("the \(name) capture stream") { try await rig.sourceOutput(named: name) }
            let index = try #require(output["index"] as? Int, "pactl gives the source output's index: \(output)")
            return try await agentID(prefix: "source-output:\(index)@", in: rig)
        }

        private static func agentID(prefix: String, in rig: AgentRig) async throws -> String {
            try await waitForValue("the agent lists \(prefix)") {
                try await streams(in: rig).compactMap { $0["stream"] as? String }.first { $0.hasPrefix(prefix) }
            }
        }

        /// The role the agent gives the stream, from `status --json`.
        static func role(of id: String, in rig: AgentRig) async throws -> String? {
            try await streams(in: rig).first { $0["stream"] as? String == id }?["role"] as? String
        }

        static func listed(_ id: String, in rig: AgentRig) async throws -> Bool {
            try await streams(in: rig).contains { $0["stream"] as? String == id }
        }

        static func streams(in rig: AgentRig) async throws -> [[String: Any]] {
            let result = try await rig.ctl(["status", "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            return object?["streams"] as? [[String: Any]] ?? []
        }
    }
}
