import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Testing

/// Commands through the backend, observed the way a user sees them: with pactl.
@Suite("Pulse commands", .serialized, .sharedPulseServer)
struct PulseCommandTests {
    /// A running music stream on the shared server, its index found through the mirror.
    private func music(_ pulse: PrivatePulseAudio, _ mirror: PulseGraphMirror) async throws -> (ChildProcess, SoundStream) {
        let tone = try ToneFile.sine(frequency: 440, seconds: 30, amplitude: 0.2, in: pulse.directory, name: "music.wav")
        let player = try pulse.spawn("paplay", ["--property=media.role=music", tone])
        let stream = try await waitForValue("the music stream is mirrored") {
            mirror.graph.sinkInputs.values.first { $0.role == "music" && mirror.graph.client(of: $0)?.processID == player.pid }
        }
        return (player, stream)
    }

    @Test("set-volume, mute and move are what pactl list sink-inputs shows")
    func volumeMuteMove() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let mirror = try await PulseGraphMirror.start(on: connection)
        defer { mirror.stop() }
        let (player, stream) = try await music(pulse, mirror)
        defer { player.kill() }

        try await connection.setSinkInputVolume(stream.index, to: ChannelVolumes([Volume(percent: 30)]))
        var block = try #require(try await PactlOutput.sinkInput(stream.index, in: pulse))
        #expect(PactlOutput.percentages(in: PactlOutput.field("Volume", in: block) ?? "") == [30, 30])

        try await connection.setSinkInputVolume(stream.index, to: ChannelVolumes([Volume(percent: 20), Volume(percent: 50)]))
        block = try #require(try await PactlOutput.sinkInput(stream.index, in: pulse))
        #expect(PactlOutput.percentages(in: PactlOutput.field("Volume", in: block) ?? "") == [20, 50])

        try await connection.setSinkInputMute(stream.index, muted: true)
        block = try #require(try await PactlOutput.sinkInput(stream.index, in: pulse))
        #expect(PactlOutput.field("Mute", in: block) == "yes")
        try await connection.setSinkInputMute(stream.index, muted: false)
        block = try #require(try await PactlOutput.sinkInput(stream.index, in: pulse))
        #expect(PactlOutput.field("Mute", in: block) == "no")

        let plugged = try await pulse.plug(.usbHeadset)
        let headset = try await waitForValue("the USB headset is mirrored") { mirror.graph.sink(named: "usb_headset") }
        try await connection.moveSinkInput(stream.index, toSink: headset.index)
        block = try #require(try await PactlOutput.sinkInput(stream.index, in: pulse))
        #expect(PactlOutput.field("Sink", in: block) == String(headset.index))
        #expect(PactlOutput.percentages(in: PactlOutput.field("Volume", in: block) ?? "") == [20, 50], "a moved playback stream keeps its volume")
        try await waitUntil("the mirror follows the move") { mirror.graph.sinkInputs[stream.index]?.deviceIndex == headset.index }
        player.kill()
        try await pulse.unplug(plugged)
    }

    @Test("a volume with the wrong channel count is refused with a typed error before it reaches the server")
    func channelCountMismatch() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let mirror = try await PulseGraphMirror.start(on: connection)
        defer { mirror.stop() }
        let (player, stream) = try await music(pulse, mirror)
        defer { player.kill() }
        let error = await #expect(throws: PulseError.self) {
            try await connection.setSinkInputVolume(stream.index, to: ChannelVolumes(repeating: .muted, count: 3))
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message == "stream \(stream.index) has 2 channels but 3 volumes were given")
        let block = try #require(try await PactlOutput.sinkInput(stream.index, in: pulse))
        #expect(PactlOutput.percentages(in: PactlOutput.field("Volume", in: block) ?? "") == [100, 100])
    }

    @Test("load-module returns the index pactl lists; unload-module removes it")
    func loadAndUnloadModule() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let index = try await connection.loadModule("module-null-sink", argument: "sink_name=backend_extra")
        let listed = try await pulse.pactl("list", "short", "modules")
        #expect(listed.split(separator: "\n").contains { $0.hasPrefix("\(index)\tmodule-null-sink\tsink_name=backend_extra") })
        try await connection.unloadModule(index)
        let after = try await pulse.pactl("list", "short", "modules")
        #expect(!after.split(separator: "\n").contains { $0.hasPrefix("\(index)\t") })
    }

    @Test("a bad module argument is the server's typed error")
    func badModule() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let error = await #expect(throws: PulseError.self) {
            _ = try await connection.loadModule("module-null-sink", argument: "no_such_argument=1")
        }
        #expect(error?.code == .moduleInitializationFailed)
    }

    @Test("an unknown index gives no-such-entity, for every kind of command")
    func unknownIndex() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let unknown: UInt32 = 999_999
        let commands: [PulseCommand] = [
            .setSinkInputVolume(index: unknown, volume: ChannelVolumes([.normal])),
            .setSinkInputMute(index: unknown, muted: true),
            .moveSinkInput(index: unknown, sinkIndex: 0),
            .setSourceOutputVolume(index: unknown, volume: ChannelVolumes([.normal])),
            .setSourceOutputMute(index: unknown, muted: true),
            .moveSourceOutput(index: unknown, sourceIndex: 0),
            .killSinkInput(index: unknown),
            .killSourceOutput(index: unknown),
            .unloadModule(index: unknown),
            .setDefaultSink(name: "no_such_sink"),
            .setDefaultSource(name: "no_such_source"),
        ]
        for command in commands {
            let error = await #expect(throws: PulseError.self, "\(command)") { try await connection.perform(command) }
            #expect(error?.code == .noEntity, "\(command): \(String(describing: error))")
            #expect(error?.message == "No such entity", "\(command)")
        }
        let error = await #expect(throws: PulseError.self) { _ = try await connection.sinkInput(unknown) }
        #expect(error?.description == "pa_context_get_sink_input_info: No such entity")
    }

    @Test("kill ends paplay's stream; the default sink follows set-default-sink")
    func killAndDefaults() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let mirror = try await PulseGraphMirror.start(on: connection)
        defer { mirror.stop() }
        let (player, stream) = try await music(pulse, mirror)
        defer { player.kill() }
        try await connection.perform(.killSinkInput(index: stream.index))
        let status = await player.waitForExit()
        #expect(status != 0, "paplay should fail when its stream is killed")
        #expect(try await PactlOutput.sinkInput(stream.index, in: pulse) == nil)

        let plugged = try await pulse.plug(.hdmi)
        try await connection.perform(.setDefaultSink(name: "hdmi"))
        #expect(try await pulse.pactl("get-default-sink").trimmingCharacters(in: .whitespacesAndNewlines) == "hdmi")
        try await connection.perform(.setDefaultSink(name: "speaker"))
        #expect(try await pulse.pactl("get-default-sink").trimmingCharacters(in: .whitespacesAndNewlines) == "speaker")
        try await pulse.unplug(plugged)
    }

    @Test("the handler reacts on the loop thread: a submitted mute reaches the server without awaiting")
    func handlerReaction() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let mirror = try await PulseGraphMirror.start(on: connection) { event, _ in
            if case .streamAppeared(let stream) = event, stream.role == "music" {
                connection.submit(.setSinkInputMute(index: stream.index, muted: true))
            }
        }
        defer { mirror.stop() }
        let (player, stream) = try await music(pulse, mirror)
        defer { player.kill() }
        try await waitUntil("pactl shows the stream muted by the handler") {
            try await PactlOutput.sinkInput(stream.index, in: pulse).flatMap { PactlOutput.field("Mute", in: $0) } == "yes"
        }
    }
}
