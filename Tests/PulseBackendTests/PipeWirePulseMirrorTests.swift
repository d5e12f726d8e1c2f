import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Testing

/// The same binding against PipeWire's pipewire-pulse, which the agent also runs on.
@Suite("Pulse graph mirror on pipewire-pulse")
struct PipeWirePulseMirrorTests {
    @Test("the mirror lists speaker and mic; a stream carries its object.serial as the serial, and vanishes")
    func mirrorOnPipeWirePulse() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await PulseConnection.connect(server: pipewire.serverAddress)
        defer { connection.disconnect() }
        let recorder = EventRecorder()
        let mirror = try await PulseGraphMirror.start(on: connection, handler: recorder.handler)
        defer { mirror.stop() }
        let graph = mirror.graph
        #expect(graph.sink(named: "speaker")?.description == "Speaker")
        #expect(graph.source(named: "mic") != nil)
        let server = try #require(graph.server)
        #expect(server.name.contains("PipeWire"), "\(server.name)")
        #expect(server.defaultSinkName == "speaker")

        let tone = try ToneFile.sine(frequency: 440, seconds: 30, amplitude: 0.2, in: pipewire.directory, name: "music.wav")
        let player = try pipewire.spawn("paplay", ["--property=media.role=music", tone])
        defer { player.kill() }
        let stream = try await waitForValue("the music stream appears") {
            recorder.first { if case .streamAppeared(let stream) = $0, stream.role == "music" { stream } else { nil } }
        }
        // pipewire-pulse's sink-input index is the node's object.serial, never recycled.
        #expect(stream.serial == UInt64(stream.index))
        // pipewire-pulse announces the stream before it is linked (no sink yet, corked, volume 0).
        try await waitUntil("the stream is linked to the speaker") {
            mirror.graph.sinkInputs[stream.index].flatMap { mirror.graph.device(of: $0) }?.name == "speaker"
        }
        player.kill()
        try await waitUntil("the music stream vanishes") {
            recorder.first { if case .streamVanished(let gone) = $0, gone.index == stream.index { true } else { nil } } == true
        }
    }
}
