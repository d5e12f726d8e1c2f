import AudioSessionTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension AgentIntegrationTests {
    /// Voice processing with the agent on PipeWire's native protocol: the canceller is
    /// libpipewire-module-echo-cancel in a `pipewire` process the agent starts, and the call's
    /// streams reach it by `target.object`. The room is the same ``SimulatedRoom`` (built through
    /// pipewire-pulse); the process, its nodes and the moves exist only while a call is active.
    @Suite("voice processing on native PipeWire", .serialized)
    struct NativeVoiceProcessing {
        typealias Shared = AgentIntegrationTests.VoiceProcessing

        /// The canceller processes of this rig's agents, wherever they are in the process tree
        /// (a killed agent's are re-parented): `pipewire -c` of a configuration in the rig's directory.
        static func cancellerProcesses(_ rig: AgentRig) -> [Int32] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { Int32($0) }.filter { pid in
                guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
                let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                return arguments.contains { $0.hasSuffix("pipewire") }
                    && arguments.contains { $0.hasPrefix(rig.directory) && $0.contains(".echo-cancel-") }
            }
        }

        /// The canceller nodes in the graph (sink, source and their two streams).
        static func cancellerNodes(_ rig: AgentRig) async throws -> [PipeWireObject] {
            try await rig.pipewire.nodes().filter { $0.properties["node.name"]?.hasPrefix("audiosession.echo-cancel.") == true }
        }

        /// The `target.object` entries in the `default` metadata (the agent's moves).
        static func targets(_ rig: AgentRig) async throws -> [PipeWireObject.MetadataEntry] {
            try await rig.pipewire.metadata(named: "default").filter { $0.key == "target.object" }
        }

        /// Whether the node whose media.name is `stream` is linked with a node whose node.name starts with `prefix`.
        static func isLinked(_ rig: AgentRig, stream: String, toNodeNamed prefix: String) async throws -> Bool {
            let objects = try await rig.pipewire.objects()
            guard let node = objects.first(where: { $0.type.hasSuffix("Node") && $0.properties["media.name"] == stream }) else {
                return false
            }
            let peers = Set(
                objects.filter { $0.properties["node.name"]?.hasPrefix(prefix) == true }.map { String($0.id) })
            return objects.contains { link in
                guard link.type.hasSuffix("Link") else { return false }
                let output = link.properties["link.output.node"] ?? ""
                let input = link.properties["link.input.node"] ?? ""
                return (output == String(node.id) && peers.contains(input)) || (input == String(node.id) && peers.contains(output))
            }
        }

        /// Waits until no canceller process, node or `target.object` is left.
        static func waitUntilNothingRemains(_ rig: AgentRig, _ condition: String) async throws {
            try await waitUntil(condition, timeout: .seconds(30)) {
                let nodes = try await cancellerNodes(rig)
                let targets = try await targets(rig)
                return cancellerProcesses(rig).isEmpty && nodes.isEmpty && targets.isEmpty
            }
        }

        /// Ends what a killed `audiosessionctl run` left (its shell's players and recorders), by PID.
        static func endLeftovers(_ pids: [Int32]) {
            for pid in pids { kill(pid, SIGKILL) }
        }

        @Test("webrtc runs in its own process for a voice-chat call on native PipeWire; its echo reduction is reported")
        func echoReductionIsReported() async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            let room = try await SimulatedRoom.build(on: rig.server, delayMilliseconds: 40)
            let speech = try await Shared.farEnd(in: rig, room: room)

            let control = try rig.server.spawn("sh", ["-c", Shared.callScript(speech: speech, capture: rig.directory + "/control.raw")])
            #expect(await control.waitForExit() == 0, "\(control.standardError)")
            let echo = try Shared.echoLevel(rig.directory + "/control.raw")
            #expect(echo > 0.01, "the simulated room carries the far end to the microphone")

            // speex in the policy: PipeWire runs WebRTC, and says so.
            let agent = try await rig.startAgent(policy: try Shared.policy("speex", in: rig))
            defer { agent.kill() }
            #expect(Self.cancellerProcesses(rig).isEmpty, "no canceller process before a call")
            #expect(try await Self.cancellerNodes(rig).isEmpty, "no canceller node before a call")
            let call = try rig.spawnCtl(
                ["run", "--category", "play-and-record", "--mode", "voice-chat", "--", "sh", "-c",
                 Shared.callScript(speech: speech, capture: rig.directory + "/call.raw")])
            defer { call.kill() }
            try await waitUntil("the call records from and plays to the canceller", timeout: .seconds(30)) {
                let capture = try await Self.isLinked(rig, stream: "call-capture", toNodeNamed: "audiosession.echo-cancel.")
                let playback = try await Self.isLinked(rig, stream: "far-end", toNodeNamed: "audiosession.echo-cancel.")
                return capture && playback
            }
            let processes = Self.cancellerProcesses(rig)
            #expect(processes.count == 1, "one canceller process for the call")
            #expect(processes.allSatisfy { AgentRig.children(of: agent.pid).contains($0) }, "the agent started it")
            // Close-on-exec: the canceller holds none of the agent's files (its journal and lock).
            for pid in processes {
                let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
                let files = descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
                #expect(!files.isEmpty, "the canceller's descriptors are readable")
                #expect(!files.contains { $0.contains("/audiosession/journal-") }, "no journal descriptor leaked: \(files)")
            }
            #expect(try await Self.cancellerNodes(rig).count == 4, "its capture, source, sink and playback")
            let processing = try await rig.sessions().compactMap { $0["input_processing"] as? String }
            #expect(processing == ["echo-cancellation (webrtc)"], "status --json names the canceller that runs")
            #expect(try await rig.ctl(["status"]).standardOutput.contains("echo-cancellation (webrtc)"))
            #expect(await call.waitForExit() == 0, "\(call.standardError)")
            let residual = try Shared.echoLevel(rig.directory + "/call.raw")
            try await Self.waitUntilNothingRemains(rig, "the canceller process, its nodes and the moves end with the call")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            #expect(agent.standardError.contains("running it instead of speex"), "the substitution is logged")
            let reduction = 20 * log10(echo / max(residual, 1e-6))
            print("voice processing on \(SoundSetup.pipewireNative.rawValue): webrtc echo \(echo) -> \(residual): \(reduction) dB")
        }

        @Test("nothing of the native canceller remains after kill -9 of the app, SIGTERM of the agent, or kill -9 of the agent and a restart")
        func nothingRemains() async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            _ = try await SimulatedRoom.build(on: rig.server, delayMilliseconds: 40)
            let tone = try rig.tone("far", seconds: 120)
            let script = "parec --raw --property=media.name=call-capture > /dev/null & "
                + "paplay --property=media.name=far-end '\(tone)'"
            let callArguments = ["run", "--category", "play-and-record", "--mode", "voice-chat", "--", "sh", "-c", script]
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let moved = { () async throws -> Bool in
                let capture = try await Self.isLinked(rig, stream: "call-capture", toNodeNamed: "audiosession.echo-cancel.")
                let playback = try await Self.isLinked(rig, stream: "far-end", toNodeNamed: "audiosession.echo-cancel.")
                return capture && playback
            }

            // kill -9 of the app holding the session.
            let app = try rig.spawnCtl(callArguments)
            defer { app.kill() }
            try await waitUntil("the call goes through a canceller", timeout: .seconds(30)) { try await moved() }
            let appLeftovers = AgentRig.children(of: app.pid).flatMap { [$0] + AgentRig.children(of: $0) }
            app.kill()
            Self.endLeftovers(appLeftovers)
            try await Self.waitUntilNothingRemains(rig, "nothing remains after kill -9 of the app")

            // SIGTERM of the agent mid-call: the streams go back to the devices, the process ends.
            let stopped = try rig.spawnCtl(callArguments)
            defer { stopped.kill() }
            try await waitUntil("the second call goes through a canceller", timeout: .seconds(30)) { try await moved() }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            try await Self.waitUntilNothingRemains(rig, "nothing remains after SIGTERM of the agent")
            try await waitUntil("the call records from the device again", timeout: .seconds(30)) {
                try await Self.isLinked(rig, stream: "call-capture", toNodeNamed: "roommic")
            }
            let stoppedLeftovers = AgentRig.children(of: stopped.pid).flatMap { [$0] + AgentRig.children(of: $0) }
            stopped.kill()
            Self.endLeftovers(stoppedLeftovers)

            // kill -9 of the agent mid-call: the canceller ends with it (parent-death signal) even
            // before any agent starts again; the moved streams keep their target.object until the
            // next agent repairs them.
            let killed = try await rig.startAgent()
            defer { killed.kill() }
            let call = try rig.spawnCtl(callArguments)
            defer { call.kill() }
            try await waitUntil("the third call goes through a canceller", timeout: .seconds(30)) { try await moved() }
            let callLeftovers = AgentRig.children(of: call.pid).flatMap { [$0] + AgentRig.children(of: $0) }
            killed.kill()
            _ = await killed.waitForExit()
            try await waitUntil("the canceller process ends with the killed agent", timeout: .seconds(30)) {
                Self.cancellerProcesses(rig).isEmpty
            }
            call.kill()
            _ = await call.waitForExit()
            #expect(try await !Self.targets(rig).isEmpty, "the killed agent left its moves")
            let next = try await rig.startAgent()
            defer { next.kill() }
            try await Self.waitUntilNothingRemains(rig, "the next agent repairs the moves its predecessor left")
            #expect(try await rig.pipewire.nodes().contains { $0.properties["media.name"] == "call-capture" }, "the call's recorder still runs")
            Self.endLeftovers(callLeftovers)
            #expect(await rig.stopAgent(next) == 0, "\(next.standardError)")
        }

        @Test("headphones plugged mid-call: a new canceller on them takes the call, the old one ends")
        func routeChangeMovesTheCanceller() async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            _ = try await SimulatedRoom.build(on: rig.server, delayMilliseconds: 40)
            let tone = try rig.tone("far", seconds: 120)
            let script = "parec --raw --property=media.name=call-capture > /dev/null & "
                + "paplay --property=media.name=far-end '\(tone)'"
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let call = try rig.spawnCtl(["run", "--category", "play-and-record", "--mode", "voice-chat", "--", "sh", "-c", script])
            defer { call.kill() }
            try await waitUntil("the call plays through a canceller to the speaker", timeout: .seconds(30)) {
                let onCanceller = try await Self.isLinked(rig, stream: "far-end", toNodeNamed: "audiosession.echo-cancel.")
                let cancellerOnSpeaker = try await Self.isLinked(rig, stream: "Echo-Cancel Playback", toNodeNamed: "speaker")
                return onCanceller && cancellerOnSpeaker
            }
            let first = Self.cancellerProcesses(rig)
            #expect(first.count == 1)

            let headphones = try await rig.server.plug(.headphones)
            // The native backend does not take a plugged device as the new default yet (last-in
            // wins is the pulse protocol's for now): the user picks it.
            try await waitUntil("the headphones are listed") { try await rig.server.sinkIndex(named: "headphones") != nil }
            _ = try await rig.server.pactl("set-default-sink", "headphones")
            try await waitUntil("a canceller on the headphones carries the call, the first one has ended", timeout: .seconds(30)) {
                let processes = Self.cancellerProcesses(rig)
                let onCanceller = try await Self.isLinked(rig, stream: "far-end", toNodeNamed: "audiosession.echo-cancel.")
                let cancellerOnHeadphones = try await Self.isLinked(rig, stream: "Echo-Cancel Playback", toNodeNamed: "headphones")
                return processes.count == 1 && Set(processes).isDisjoint(with: first) && onCanceller && cancellerOnHeadphones
            }
            #expect(try await Self.cancellerNodes(rig).count == 4, "one canceller's nodes, not two")
            let leftovers = AgentRig.children(of: call.pid).flatMap { [$0] + AgentRig.children(of: $0) }
            call.terminate()
            _ = await call.waitForExit()
            Self.endLeftovers(leftovers)
            try await Self.waitUntilNothingRemains(rig, "nothing remains once the call ended")
            try await rig.server.unplug(headphones)
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
