import AudioSessionTesting
import Testing

extension ServerFacts {
    /// On PipeWire a foreign client can pause any node of the same user (pw-cli send-command ID Pause):
    /// the agent's "silence" for apps that never link the library. These pin what a pause does and
    /// does not do, and that a relink undoes it.
    @Suite("Facts: pausing a foreign PipeWire node")
    struct NodePauseFacts {
        @Test(
            "Pause silences a node (native or pipewire-pulse client) that keeps reporting running and uncorked; Start resumes it",
            arguments: PipeWireStack.allCases, ["pw-play", "paplay"])
        func pauseSilencesUntilStart(stack: PipeWireStack, player tool: String) async throws {
            let pipewire = try await stack.start()
            defer { pipewire.stop() }
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: pipewire)
            defer { speaker.stop() }
            let (player, node) = try await playTone(with: tool, on: pipewire)
            defer { player.kill() }
            try await waitUntil("the tone is heard") { try await speaker.rms(over: .milliseconds(100)) > 0.3 }

            _ = try await pipewire.stackTool("pw-cli", ["send-command", String(node.id), "Pause", "{}"])
            try await waitUntil("the paused node falls silent") { try await speaker.rms(over: .milliseconds(100)) < 0.001 }
            #expect(try await speaker.rms(over: .milliseconds(200)) < 0.001)
            #expect(try await pipewire.node(where: "audiosession.probe", is: "paused")?.state == "running")
            #expect(try await pipewire.sinkInput(where: "audiosession.probe", is: "paused")?.isCorked == false)

            _ = try await pipewire.stackTool("pw-cli", ["send-command", String(node.id), "Start", "{}"])
            try await waitUntil("the started node is heard again") { try await speaker.rms(over: .milliseconds(100)) > 0.3 }
        }

        @Test("a paused node moved to another sink plays there, and goes on playing when moved back", arguments: PipeWireStack.allCases)
        func relinkUndoesPause(stack: PipeWireStack) async throws {
            let pipewire = try await stack.start()
            defer { pipewire.stop() }
            _ = try await pipewire.plug(.secondSpeaker)
            let secondSerial = try #require(try await waitForValue("the second speaker's node") {
                try await pipewire.node(where: "node.name", is: "speaker2")
            }.serial)
            let speakerSerial = try #require(try await pipewire.node(where: "node.name", is: "speaker")?.serial)
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: pipewire)
            defer { speaker.stop() }
            let speaker2 = try await MonitorRecorder.start("speaker2.monitor", in: pipewire)
            defer { speaker2.stop() }
            let (player, node) = try await playTone(with: "pw-play", on: pipewire)
            defer { player.kill() }
            try await waitUntil("the tone is heard") { try await speaker.rms(over: .milliseconds(100)) > 0.3 }
            _ = try await pipewire.stackTool("pw-cli", ["send-command", String(node.id), "Pause", "{}"])
            try await waitUntil("the paused node falls silent") { try await speaker.rms(over: .milliseconds(100)) < 0.001 }

            try await pipewire.setMetadata("default", subject: node.id, key: "target.object", value: String(secondSerial), type: "Spa:Id")
            try await waitUntil("the relinked node is heard on speaker2") { try await speaker2.rms(over: .milliseconds(100)) > 0.3 }

            try await pipewire.setMetadata("default", subject: node.id, key: "target.object", value: String(speakerSerial), type: "Spa:Id")
            try await waitUntil("moved back, it is heard on speaker") { try await speaker.rms(over: .milliseconds(100)) > 0.3 }
            #expect(try await speaker2.rms(over: .milliseconds(200)) < 0.001)
        }

        /// An effects host's setup: apps play into a null sink used as a virtual output and a
        /// loopback carries its monitor to the speaker. Pausing one app's node there silences the
        /// whole null sink, every other app's audio with it (a call played through an effects
        /// chain). Played straight into the speaker, the same pause silences only its own node.
        @Test("a node paused in a null sink that a loopback carries on stalls the sink: the other app is not heard either", arguments: PipeWireStack.allCases)
        func pauseStallsAVirtualSink(stack: PipeWireStack) async throws {
            let pipewire = try await stack.start()
            defer { pipewire.stop() }
            _ = try await pipewire.plug(FakeDevice(name: "virtual", description: "Virtual Output"))
            _ = try await pipewire.pactl("load-module", "module-loopback", "source=virtual.monitor", "sink=speaker", "latency_msec=60")
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: pipewire)
            defer { speaker.stop() }

            // Control: two apps straight on the speaker; pausing one leaves the other heard.
            let (direct, directNode) = try await playTone("direct", into: "speaker", on: pipewire)
            let directOther = try await playTone("direct-other", into: "speaker", frequency: 660, on: pipewire).player
            try await waitUntil("both are heard") { try await speaker.rms(over: .milliseconds(100)) > 0.3 }
            _ = try await pipewire.stackTool("pw-cli", ["send-command", String(directNode.id), "Pause", "{}"])
            try await waitUntil("one paused, the other is heard at its own level") {
                let level = try await speaker.rms(over: .milliseconds(100))
                return level > 0.2 && level < 0.45
            }
            direct.kill()
            directOther.kill()

            let (music, musicNode) = try await playTone("music", into: "virtual", on: pipewire)
            defer { music.kill() }
            let call = try await playTone("call", into: "virtual", frequency: 660, on: pipewire).player
            defer { call.kill() }
            try await waitUntil("both are heard through the loopback") { try await speaker.rms(over: .milliseconds(100)) > 0.3 }
            _ = try await pipewire.stackTool("pw-cli", ["send-command", String(musicNode.id), "Pause", "{}"])
            try await waitUntil("pausing one silences the null sink") { try await speaker.rms(over: .milliseconds(100)) < 0.001 }
            #expect(try await speaker.rms(over: .milliseconds(200)) < 0.001, "the other app is not heard either")
            _ = try await pipewire.stackTool("pw-cli", ["send-command", String(musicNode.id), "Start", "{}"])
            try await waitUntil("started again, both are heard") { try await speaker.rms(over: .milliseconds(100)) > 0.3 }
        }

        /// paplay of a tone into `sink`, named `name` by `audiosession.probe`, and its node. Tones
        /// of two frequencies never cancel out, whatever their phases.
        private func playTone(
            _ name: String, into sink: String, frequency: Double = 440, on pipewire: PrivatePipeWire
        ) async throws -> (player: ChildProcess, node: PipeWireObject) {
            let tone = try ToneFile.sine(frequency: frequency, seconds: 30, amplitude: 0.5, in: pipewire.directory, name: "\(name).wav")
            let player = try pipewire.spawn("paplay", ["--device=\(sink)", "--property=audiosession.probe=\(name)", tone])
            do {
                let node = try await waitForValue("\(name)'s node") { try await pipewire.node(where: "audiosession.probe", is: name) }
                return (player, node)
            } catch {
                player.kill()
                throw error
            }
        }

        /// Plays a tone with pw-play (a native client) or paplay (a pulse client through pipewire-pulse).
        private func playTone(with tool: String, on pipewire: PrivatePipeWire) async throws -> (ChildProcess, PipeWireObject) {
            // Long enough to outlast a loaded machine's waits; the caller kills the player.
            let tone = try ToneFile.sine(frequency: 440, seconds: 30, amplitude: 0.5, in: pipewire.directory)
            let arguments = tool == "pw-play"
                ? ["--media-role=Music", "-P", "{ audiosession.probe=paused }", tone]
                : ["--property=media.role=music", "--property=audiosession.probe=paused", tone]
            let player = try pipewire.spawn(tool, arguments)
            do {
                let node = try await waitForValue("pw-play's node") { try await pipewire.node(where: "audiosession.probe", is: "paused") }
                return (player, node)
            } catch {
                player.kill()
                throw error
            }
        }
    }
}
