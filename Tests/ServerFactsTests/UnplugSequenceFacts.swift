import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Synchronization
import Testing

extension ServerFacts {
    /// What a PulseAudio-protocol client (the agent) sees of a playing stream when the device it
    /// plays on is unplugged, repeated on one server: the mirror's events for that stream and
    /// device, in order, as `stream sink=<name|-|gone#N> corked=<bool>` and `device gone`, next to
    /// `pactl subscribe`'s raw lines. The agent's unplug hold is built on these sequences.
    @Suite("Facts: the event sequence of an unplug")
    struct UnplugSequenceFacts {
        static let rounds = 10

        @Test("PulseAudio: the stream moves to the speaker with no unlinked step and never corks")
        func pulseAudio() async throws {
            let pulse = try await PrivatePulseAudio.start(.minimal)
            defer { pulse.stop() }
            let sequences = try await record(on: pulse)
            for sequence in sequences {
                #expect(!sequence.contains("stream sink=- corked=false") && !sequence.contains("stream sink=- corked=true"), "\(sequence)")
                #expect(!sequence.contains { $0.hasSuffix("corked=true") }, "\(sequence)")
                #expect(sequence.last == "stream sink=speaker corked=false", "\(sequence)")
            }
        }

        @Test("pipewire-pulse: the stream is unlinked and corked on its way to the speaker, and runs there in the end", arguments: PipeWireStack.allCases)
        func pipewirePulse(stack: PipeWireStack) async throws {
            let pipewire = try await stack.start()
            defer { pipewire.stop() }
            let sequences = try await record(on: pipewire)
            for sequence in sequences {
                #expect(sequence.contains("device gone"), "\(sequence)")
                #expect(sequence.last == "stream sink=speaker corked=false", "\(sequence)")
            }
            // The variants seen, with how often, for docs/routing.md.
            var variants: [[String]: Int] = [:]
            for sequence in sequences { variants[sequence, default: 0] += 1 }
            for (variant, count) in variants.sorted(by: { $0.value > $1.value }) {
                print("pipewire-pulse unplug sequence ×\(count): \(variant.joined(separator: " → "))")
            }
        }

        /// Plays a long tone on the default speaker, then `rounds` times: plugs headphones, makes
        /// them the default (the stream follows, as with the agent's last-in wins), and unplugs
        /// them, recording what a client sees from the unplug until the stream runs on the speaker.
        private func record<Server: PulseProtocolServer>(on server: Server) async throws -> [[String]] {
            let tone = try ToneFile.sine(frequency: 440, seconds: 120, amplitude: 0.5, in: server.directory, name: "unplug.wav")
            let player = try server.spawn("paplay", ["--property=media.name=unplug-probe", tone])
            defer { player.kill() }
            let connection = try await PulseConnection.connect(server: server.serverAddress)
            defer { connection.disconnect() }
            let log = EventLog()
            let mirror = try await PulseGraphMirror.start(on: connection) { event, graph in log.note(event, in: graph) }
            defer { mirror.stop() }
            let stream = try await waitForValue("the probe stream") { () -> UInt32? in
                mirror.graph.sinkInputs.values.first { $0.properties["media.name"] == "unplug-probe" }?.index
            }
            log.follow(stream)
            var sequences: [[String]] = []
            for round in 1...Self.rounds {
                let headphones = try await server.plug(.headphones)
                _ = try await server.pactl("set-default-sink", "headphones")
                try await waitUntil("round \(round): the stream runs on the headphones") {
                    log.current(in: mirror.graph) == "stream sink=headphones corked=false"
                }
                // Line-buffered: pactl writes to a file here and would otherwise keep its lines.
                let raw = try server.spawn("stdbuf", ["-oL", "pactl", "subscribe"])
                defer { raw.kill() }
                try await waitUntil("round \(round): pactl subscribe listens") {
                    _ = try await server.pactl("set-sink-volume", "speaker", raw.standardOutput.count % 2 == 0 ? "99%" : "100%")
                    return raw.standardOutput.contains("Event 'change' on sink")
                }
                log.start()
                // Unplugged while it is the default, as after the agent's last-in wins.
                try await server.unplug(headphones)
                try await waitUntil("round \(round): the stream runs on the speaker", timeout: .seconds(20)) {
                    log.current(in: mirror.graph) == "stream sink=speaker corked=false" && log.sawDeviceGone
                }
                // A round trip: whatever the server sent before it has been seen.
                _ = try await server.pactl("list", "short", "sink-inputs")
                let sequence = log.stop()
                let rawLines = raw.standardOutput.split(separator: "\n")
                    .filter { $0.contains("sink-input #\(stream)") || $0.contains("'remove' on sink #") }
                print("\(server is PrivatePulseAudio ? "PulseAudio" : "pipewire-pulse") round \(round): \(sequence.joined(separator: " → ")) | pactl: \(rawLines.joined(separator: "; "))")
                sequences.append(sequence)
            }
            return sequences
        }
    }
}

/// The mirror's events about one stream and the unplugged device, as short lines.
private final class EventLog: Sendable {
    private struct State {
        var stream: UInt32?
        var recording = false
        var lines: [String] = []
        var sawDeviceGone = false
    }

    private let state = Mutex(State())

    func follow(_ stream: UInt32) { state.withLock { $0.stream = stream } }

    func start() { state.withLock { $0.recording = true; $0.lines = []; $0.sawDeviceGone = false } }

    func stop() -> [String] {
        state.withLock { state in
            state.recording = false
            return state.lines
        }
    }

    var sawDeviceGone: Bool { state.withLock { $0.sawDeviceGone } }

    func current(in graph: Graph) -> String? {
        guard let index = state.withLock({ $0.stream }), let stream = graph.sinkInputs[index] else { return nil }
        return Self.line(stream, in: graph)
    }

    func note(_ event: GraphEvent, in graph: Graph) {
        state.withLock { state in
            guard state.recording else { return }
            switch event {
            case .streamChanged(_, let stream) where stream.index == state.stream && stream.kind == .playback:
                let line = Self.line(stream, in: graph)
                if state.lines.last != line { state.lines.append(line) }
            case .streamVanished(let stream) where stream.index == state.stream && stream.kind == .playback:
                state.lines.append("stream gone")
            case .deviceVanished(let device) where device.name == "headphones":
                state.lines.append("device gone")
                state.sawDeviceGone = true
            default:
                break
            }
        }
    }

    private static func line(_ stream: SoundStream, in graph: Graph) -> String {
        // `-`: no device (unlinked); `gone#N`: a device the graph no longer has.
        let sink = stream.deviceIndex.map { graph.sinks[$0]?.name ?? "gone#\($0)" } ?? "-"
        return "stream sink=\(sink) corked=\(stream.isCorked)"
    }
}
