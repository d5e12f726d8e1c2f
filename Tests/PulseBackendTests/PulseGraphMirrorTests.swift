import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Testing

/// The mirror's graph and events against a real private PulseAudio, checked against what the
/// harness created and what pactl does.
@Suite("Pulse graph mirror", .serialized, .sharedPulseServer)
struct PulseGraphMirrorTests {
    @Test("the initial listing has the speaker and mic with their properties, the defaults and our client")
    func initialListing() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(
            server: pulse.serverAddress, properties: ["application.name": "mirror-test", "application.id": "org.audiosession.test"])
        defer { connection.disconnect() }
        let mirror = try await PulseGraphMirror.start(on: connection)
        defer { mirror.stop() }
        let graph = mirror.graph

        let speaker = try #require(graph.sink(named: "speaker"))
        #expect(speaker.description == "Speaker")
        #expect(speaker.properties["device.description"] == "Speaker")
        #expect(speaker.properties["device.class"] == "abstract")
        #expect(speaker.channelMap == ChannelMap([.frontLeft, .frontRight]))
        #expect(speaker.volume == ChannelVolumes(repeating: .normal, count: 2))
        let monitor = try #require(speaker.monitorSourceIndex.flatMap { graph.sources[$0] })
        #expect(monitor.name == "speaker.monitor")
        #expect(monitor.isMonitor && monitor.monitorOfSinkIndex == speaker.index)

        let mic = try #require(graph.source(named: "mic"))
        #expect(mic.description == "Microphone")
        #expect(!mic.isMonitor)
        #expect(mic.moduleIndex.flatMap { graph.modules[$0]?.name } == "module-null-source")

        let server = try #require(graph.server)
        #expect(server.defaultSinkName == "speaker")
        #expect(server.defaultSourceName == "mic")
        #expect(server.name == "pulseaudio")
        #expect(!server.instance.rawValue.isEmpty)
        #expect(graph.defaultSink == speaker)

        let ourselves = graph.clients.values.first { $0.properties["application.id"] == "org.audiosession.test" }
        #expect(ourselves?.name == "mirror-test")
        #expect(ourselves?.processID == getpid())
        #expect(try await connection.serverInfo() == server)
    }

    @Test("a paplay music stream appears with its role, client and sink, and vanishes when it ends")
    func streamAppearsAndVanishes() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let recorder = EventRecorder()
        let mirror = try await PulseGraphMirror.start(on: connection, handler: recorder.handler)
        defer { mirror.stop() }
        var sequence = mirror.events().makeAsyncIterator()

        let tone = try ToneFile.sine(frequency: 440, seconds: 30, amplitude: 0.2, in: pulse.directory, name: "music.wav")
        let player = try pulse.spawn("paplay", ["--property=media.role=music", tone])
        defer { player.kill() }

        let appeared = try await waitForValue("the music stream appears in the handler's events") {
            recorder.first { if case .streamAppeared(let stream) = $0, stream.role == "music" { stream } else { nil } }
        }
        #expect(appeared.kind == .playback)
        let graph = mirror.graph
        #expect(graph.device(of: appeared)?.name == "speaker")
        let client = try #require(graph.client(of: appeared))
        #expect(client.processID == player.pid)
        // paplay is pacat under another name; the client reports the real binary.
        #expect(client.properties["application.process.binary"] == "pacat")
        #expect(appeared.serial == nil, "PulseAudio 16 has no stream serial")

        var fromSequence: SoundStream?
        while fromSequence == nil, let event = await sequence.next() {
            if case .streamAppeared(let stream) = event, stream.index == appeared.index { fromSequence = stream }
        }
        #expect(fromSequence?.role == "music")

        player.kill()
        let vanished = try await waitForValue("the music stream vanishes") {
            recorder.first { if case .streamVanished(let stream) = $0, stream.index == appeared.index { stream } else { nil } }
        }
        #expect(vanished.role == "music")
        #expect(mirror.graph.sinkInputs[appeared.index] == nil)
        try await waitUntil("paplay's client leaves the graph") { mirror.graph.clients[client.index] == nil }
    }

    @Test("a volume set with pactl set-sink-input-volume arrives as a change event")
    func volumeChangeEvent() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let recorder = EventRecorder()
        let mirror = try await PulseGraphMirror.start(on: connection, handler: recorder.handler)
        defer { mirror.stop() }
        let tone = try ToneFile.sine(frequency: 440, seconds: 30, amplitude: 0.2, in: pulse.directory, name: "music.wav")
        let player = try pulse.spawn("paplay", ["--property=media.role=music", tone])
        defer { player.kill() }
        let stream = try await waitForValue("the music stream is mirrored") {
            mirror.graph.sinkInputs.values.first { $0.role == "music" }
        }

        _ = try await pulse.pactl("set-sink-input-volume", String(stream.index), "40%")

        let (old, new) = try await waitForValue("a change event with the new volume") {
            recorder.first { event -> (SoundStream, SoundStream)? in
                guard case .streamChanged(let old, let new) = event, new.index == stream.index,
                    new.volume.maximum.percent.rounded() == 40 else { return nil }
                return (old, new)
            }
        }
        #expect(old.volume == ChannelVolumes(repeating: .normal, count: 2))
        #expect(new.volume.channels.allSatisfy { $0.percent.rounded() == 40 })
        #expect(mirror.graph.sinkInputs[stream.index]?.volume == new.volume)
    }

    @Test("a plugged device appears and an unplugged one vanishes; the default-sink change is a server event")
    func devicesAndServerEvents() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let recorder = EventRecorder()
        let mirror = try await PulseGraphMirror.start(on: connection, handler: recorder.handler)
        defer { mirror.stop() }

        let headphones = try await pulse.plug(.headphones)
        let appeared = try await waitForValue("the headphones appear") {
            recorder.first { if case .deviceAppeared(let device) = $0, device.name == "headphones" { device } else { nil } }
        }
        #expect(appeared.properties["device.form_factor"] == "headphone")
        #expect(appeared.moduleIndex == headphones.moduleIndex)
        try await waitUntil("the module appears") { mirror.graph.modules[headphones.moduleIndex]?.name == "module-null-sink" }

        _ = try await pulse.pactl("set-default-sink", "headphones")
        try await waitUntil("the server event names the new default") {
            recorder.first { if case .serverChanged(_, let new) = $0 { new.defaultSinkName } else { nil } } == "headphones"
        }
        _ = try await pulse.pactl("set-default-sink", "speaker")

        try await pulse.unplug(headphones)
        try await waitUntil("the headphones vanish") {
            recorder.first { if case .deviceVanished(let device) = $0, device.index == appeared.index { true } else { nil } } == true
        }
        #expect(mirror.graph.sink(named: "headphones") == nil)
    }
}
