import SoundServer
import Testing

/// The graph's bookkeeping that every backend's mirror relies on.
@Suite("Graph updating")
struct GraphUpdatingTests {
    let stream = SoundStream(
        kind: .playback, index: 7, name: "Playback Stream", clientIndex: 3, deviceIndex: 0,
        properties: ["media.role": "music"], channelMap: ChannelMap([.frontLeft, .frontRight]),
        volume: ChannelVolumes(repeating: .normal, count: 2))

    @Test("an object appears once, changes only when it differs, and vanishes with its last state")
    func lifecycle() {
        var graph = Graph()
        #expect(graph.update(stream) == .streamAppeared(stream))
        #expect(graph.update(stream) == nil)
        var louder = stream
        louder.volume = ChannelVolumes(repeating: Volume(percent: 30), count: 2)
        #expect(graph.update(louder) == .streamChanged(old: stream, new: louder))
        #expect(graph.remove(stream.id) == .streamVanished(louder))
        #expect(graph.remove(stream.id) == nil)
        #expect(graph.sinkInputs.isEmpty)
    }

    @Test("capture streams and sources are kept apart from playback streams and sinks")
    func kindsAreSeparate() {
        var graph = Graph()
        var capture = stream
        capture.kind = .capture
        _ = graph.update(stream)
        _ = graph.update(capture)
        #expect(graph.sinkInputs.count == 1 && graph.sourceOutputs.count == 1)
        let sink = SoundDevice(kind: .sink, index: 0, name: "speaker", description: "Speaker")
        let source = SoundDevice(kind: .source, index: 0, name: "mic", description: "Microphone")
        _ = graph.update(sink)
        _ = graph.update(source)
        #expect(graph.device(of: stream) == sink)
        #expect(graph.device(of: capture) == source)
        #expect(GraphEvent.streamAppeared(capture).objectID == GraphObjectID(kind: .sourceOutput, index: 7))
    }

    @Test("the server's defaults name devices of the graph")
    func defaults() {
        var graph = Graph()
        let speaker = SoundDevice(kind: .sink, index: 4, name: "speaker", description: "Speaker")
        _ = graph.update(speaker)
        let info = ServerInfo(name: "pulseaudio", version: "16.1", defaultSinkName: "speaker", instance: ServerInstance(rawValue: "a"))
        #expect(graph.update(info) == .serverChanged(old: nil, new: info))
        #expect(graph.update(info) == nil)
        #expect(graph.defaultSink == speaker)
        #expect(graph.defaultSource == nil)
    }
}
