import AudioPolicy
@testable import AudioSessionAgent
@testable import PipeWireBackend
import SoundServer
import Testing

/// Node, link and client properties as pw-dump showed them on PipeWire 0.3.65 with WirePlumber
/// 0.4.13 (a pw-play music stream, a paplay phone call through pipewire-pulse, a parec level meter
/// on the speaker's monitor), turned into the graph and the engine's stream infos.
extension PipeWireAgentTests {
    @Suite("translation")
    struct Translation {
        static let instance = ServerInstance(rawValue: "pipewire:pipewire-0:12345")
        static let server = PipeWireServerInfo(name: "pipewire-0", version: "0.3.65", cookie: 12345)

        static func node(
            _ id: UInt32, _ properties: [String: String], state: PipeWireNodeState = .running,
            props: PipeWireNodeProps? = PipeWireNodeProps(volume: 1, mute: false, channelVolumes: [1, 1])
        ) -> PipeWireGlobal {
            PipeWireGlobal(
                id: id, type: .node, version: 3, permissions: PipeWirePermissions(rawValue: 0x1c8), properties: properties,
                node: PipeWireNodeInfo(state: state, props: props))
        }

        static func link(_ id: UInt32, from output: UInt32, to input: UInt32) -> PipeWireGlobal {
            PipeWireGlobal(
                id: id, type: .link, version: 3, permissions: PipeWirePermissions(rawValue: 0x1c8),
                properties: ["link.output.node": "\(output)", "link.input.node": "\(input)", "object.serial": "\(id + 100)"])
        }

        static let speaker = node(
            41, ["media.class": "Audio/Sink", "node.name": "speaker", "node.description": "Speaker", "object.serial": "43"])
        static let mic = node(
            37, ["media.class": "Audio/Source/Virtual", "node.name": "mic", "node.description": "Microphone", "object.serial": "49"],
            state: .suspended)
        static let music = node(
            52,
            [
                "media.class": "Stream/Output/Audio", "media.role": "Music", "node.name": "pw-play", "client.id": "51",
                "application.name": "pw-play", "media.name": "song.wav", "object.serial": "67",
            ], props: PipeWireNodeProps(volume: 1, mute: false, channelVolumes: [0.512, 0.512]))
        static let musicClient = PipeWireGlobal(
            id: 51, type: .client, version: 3, permissions: PipeWirePermissions(rawValue: 0x1c8),
            properties: ["application.name": "pw-play", "application.process.id": "2107", "pipewire.sec.pid": "2107"])
        static let call = node(
            46,
            [
                "media.class": "Stream/Output/Audio", "media.role": "Communication", "node.name": "paplay", "client.id": "45",
                "application.name": "paplay", "application.process.id": "2103", "media.name": "call.wav",
                "object.serial": "61",
            ])
        static let meter = node(
            60,
            [
                "media.class": "Stream/Input/Audio", "node.name": "parec", "client.id": "59", "application.name": "parec",
                "media.name": "peak", "resample.peaks": "true", "object.serial": "80",
            ])

        static let globals: [UInt32: PipeWireGlobal] = Dictionary(
            uniqueKeysWithValues: [
                speaker, mic, music, musicClient, call, meter, link(55, from: 52, to: 41), link(56, from: 52, to: 41),
                link(49, from: 46, to: 41), link(61, from: 41, to: 60),
            ].map { ($0.id, $0) })

        static var graph: Graph {
            PipeWireGraphTranslation.graph(
                globals: globals, defaults: PipeWireDefaults(audioSink: "speaker", audioSource: "mic"), server: server,
                instance: instance)
        }

        @Test("sinks and sources become devices, a sink's monitor a monitor source; defaults come from the metadata")
        func devices() throws {
            let graph = Self.graph
            #expect(graph.sinks.values.map(\.name) == ["speaker"])
            #expect(Set(graph.sources.values.map(\.name)) == ["mic", "speaker.monitor"])
            #expect(graph.source(named: "speaker.monitor")?.isMonitor == true)
            #expect(graph.defaultSink?.name == "speaker")
            #expect(graph.defaultSource?.name == "mic")
            #expect(StreamTranslation.info(for: try #require(graph.sinks[41]))?.id == DeviceID("sink:speaker"))
        }

        @Test("streams take their device from their links, their serial from object.serial, running as sounding")
        func streams() throws {
            let graph = Self.graph
            let music = try #require(graph.sinkInputs[52])
            #expect(music.deviceIndex == 41)
            #expect(music.serial == 67)
            #expect(music.role == "Music")
            #expect(!music.isCorked)
            #expect(music.volume.channels.count == 2, "the user's channelVolumes, not the agent's factor")
            #expect(graph.client(of: music)?.processID == 2107)
            let meter = try #require(graph.sourceOutputs[60])
            #expect(meter.deviceIndex.flatMap { graph.sources[$0] }?.name == "speaker.monitor")
        }

        @Test("the engine sees the same stream infos as from the pulse protocol: role, app, device, exclusions")
        func streamInfos() throws {
            let graph = Self.graph
            let resolver = StreamSessionResolver(processes: LinuxProcessTable())
            func info(_ stream: SoundStream) -> StreamInfo {
                StreamTranslation.info(
                    for: stream, ref: ServerStreamRef(stream, instance: Self.instance), in: graph, resolver: resolver, sessions: [])
            }
            let music = info(try #require(graph.sinkInputs[52]))
            #expect(music.id == StreamID("sink-input:67@\(ServerStreamRef.shortName(of: Self.instance))"))
            #expect(music.device == DeviceID("sink:speaker"))
            #expect(music.app.processID == 2107, "from the client, as pulse clients' streams carry it")
            #expect(music.properties["media.role"] == "Music")
            #expect(music.isSounding)
            let meter = info(try #require(graph.sourceOutputs[60]))
            #expect(meter.properties["audiosession.monitor-capture"] == "true")
        }

        @Test("a device's latency is its ports' Latency toward it: a sink's input direction, a source's output; at the graph's clock")
        func deviceLatencyFromPorts() throws {
            // As an ALSA sink states it (176 frames of headroom and a fixed 1 ms), and its capture direction apart.
            func port(_ id: UInt32, node: UInt32, _ latencies: [PipeWirePortLatency]) -> PipeWireGlobal {
                PipeWireGlobal(
                    id: id, type: .port, version: 3, permissions: PipeWirePermissions(rawValue: 0x1c8),
                    properties: ["node.id": "\(node)", "object.serial": "\(id + 100)"], portLatencies: latencies)
            }
            var globals = Self.globals
            globals[70] = port(70, node: 41, [
                PipeWirePortLatency(direction: .input, quanta: 1, frames: 176, nanoseconds: 1_000_000),
                PipeWirePortLatency(direction: .output, quanta: 0, frames: 0, nanoseconds: 0),
            ])
            globals[71] = port(71, node: 41, [PipeWirePortLatency(direction: .input, quanta: 1, frames: 128, nanoseconds: 1_000_000)])
            globals[72] = port(72, node: 37, [PipeWirePortLatency(direction: .output, quanta: 0, frames: 480, nanoseconds: 0)])
            let graph = PipeWireGraphTranslation.graph(
                globals: globals, defaults: PipeWireDefaults(), server: Self.server, instance: Self.instance)
            let speaker = try #require(graph.sinks[41]?.cycleLatency)
            #expect(speaker == CycleLatency(quanta: 1, frames: 176, nanoseconds: 1_000_000), "the latest channel's")
            #expect(speaker.duration(quantum: 1024, rate: 48_000) == .milliseconds(26), "1200 frames at 48 kHz and 1 ms")
            #expect(graph.sources[37]?.cycleLatency == CycleLatency(quanta: 0, frames: 480, nanoseconds: 0))
            #expect(Self.graph.sinks[41]?.cycleLatency == nil, "no port stated one")
        }

        @Test("a node whose info has not arrived, or that is not running, is not yet a sounding stream")
        func creatingAndIdle() {
            var globals = Self.globals
            globals[52]?.node?.state = .creating
            globals[46]?.node?.state = .idle
            let graph = PipeWireGraphTranslation.graph(
                globals: globals, defaults: PipeWireDefaults(), server: Self.server, instance: Self.instance)
            #expect(graph.sinkInputs[52] == nil)
            #expect(graph.sinkInputs[46]?.isCorked == true)
        }

        @Test("differences between two graphs become the mirror's events: relink, vanish, default change")
        func differences() {
            let before = Self.graph
            var globals = Self.globals
            globals[46] = nil
            globals[49] = nil
            let headphones = Self.node(70, ["media.class": "Audio/Sink", "node.name": "headphones", "object.serial": "90"])
            globals[70] = headphones
            globals[55] = Self.link(55, from: 52, to: 70)
            globals[56] = Self.link(56, from: 52, to: 70)
            let after = PipeWireGraphTranslation.graph(
                globals: globals, defaults: PipeWireDefaults(audioSink: "headphones", audioSource: "mic"), server: Self.server,
                instance: Self.instance)
            let events = after.events(since: before)
            #expect(events.contains { if case .serverChanged(_, let new) = $0 { new.defaultSinkName == "headphones" } else { false } })
            #expect(events.contains { if case .deviceAppeared(let device) = $0 { device.name == "headphones" } else { false } })
            #expect(events.contains { if case .streamVanished(let stream) = $0 { stream.index == 46 } else { false } })
            #expect(
                events.contains {
                    if case .streamChanged(let old, let new) = $0 { old.deviceIndex == 41 && new.deviceIndex == 70 } else { false }
                })
            #expect(after.events(since: after).isEmpty)
        }

        @Test("WirePlumber's restore key and its route-settings name")
        func restoreKey() {
            let key = WirePlumberRestoreKey(Self.music.properties)
            #expect(key?.rawValue == "Output/Audio:media.role:Music")
            #expect(key?.metadataKey == "restore.stream.Output/Audio.media.role:Music")
            let noRole = WirePlumberRestoreKey(["media.class": "Stream/Output/Audio", "application.name": "mpv"])
            #expect(noRole?.rawValue == "Output/Audio:application.name:mpv")
            #expect(WirePlumberRestoreKey(Self.speaker.properties) == nil, "devices have none")
        }

        @Test("auto picks native PipeWire only when its socket exists")
        func backendChoice() throws {
            #expect(try AgentBackend.resolve("auto", environment: ["XDG_RUNTIME_DIR": "/nonexistent"]) == .pulse)
            #expect(try AgentBackend.resolve("auto", environment: ["PIPEWIRE_REMOTE": "/"]) == .pipewire)
            #expect(try AgentBackend.resolve("pipewire", environment: [:]) == .pipewire)
            #expect(throws: AgentDaemonError.self) { try AgentBackend.resolve("jack", environment: [:]) }
        }
    }
}
