import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Testing

/// The raw subscription and the capture-side commands, observed with pactl.
@Suite("Pulse subscription and capture streams", .serialized, .sharedPulseServer)
struct PulseSubscriptionTests {
    @Test("loading and unloading a module arrive as raw new and removed events")
    func rawEvents() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        var events = try await connection.subscribe().makeAsyncIterator()
        let index = try await connection.loadModule("module-null-sink", argument: "sink_name=raw_events")
        try await connection.unloadModule(index)
        var seen: [PulseSubscriptionEvent.Change] = []
        while seen != [.new, .removed], let event = await events.next() {
            if event.kind == .module && event.index == index { seen.append(event.change) }
        }
        #expect(seen == [.new, .removed])
    }

    @Test("source-output volume, mute and move are what pactl list source-outputs shows")
    func captureCommands() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let mirror = try await PulseGraphMirror.start(on: connection)
        defer { mirror.stop() }
        let recorder = try pulse.spawn("parec", ["-d", "mic", "--property=media.role=phone", "/dev/null"])
        defer { recorder.kill() }
        let stream = try await waitForValue("parec's capture stream") {
            mirror.graph.sourceOutputs.values.first { mirror.graph.client(of: $0)?.processID == recorder.pid }
        }
        #expect(stream.kind == .capture)
        #expect(mirror.graph.device(of: stream)?.name == "mic")

        try await connection.perform(.setSourceOutputVolume(index: stream.index, volume: ChannelVolumes([Volume(percent: 25)])))
        try await connection.perform(.setSourceOutputMute(index: stream.index, muted: true))
        var block = try #require(try await sourceOutput(stream.index, in: pulse))
        #expect(PactlOutput.percentages(in: PactlOutput.field("Volume", in: block) ?? "") == [25, 25])
        #expect(PactlOutput.field("Mute", in: block) == "yes")

        let plugged = try await pulse.plug(.microphone)
        let mic2 = try await waitForValue("the second microphone") { mirror.graph.source(named: "mic2") }
        try await connection.perform(.moveSourceOutput(index: stream.index, sourceIndex: mic2.index))
        block = try #require(try await sourceOutput(stream.index, in: pulse))
        #expect(PactlOutput.field("Source", in: block) == String(mic2.index))
        #expect(PactlOutput.field("Mute", in: block) == "yes")
        // PulseAudio 16.1 keeps a moved capture stream's mute but resets its volume to 100 %:
        // whoever moves a capture stream re-applies its volume.
        #expect(PactlOutput.percentages(in: PactlOutput.field("Volume", in: block) ?? "") == [100, 100])
        recorder.kill()
        try await pulse.unplug(plugged)
    }

    private func sourceOutput(_ index: UInt32, in pulse: PrivatePulseAudio) async throws -> String? {
        let listed = try await pulse.pactl("list", "source-outputs")
        return listed.components(separatedBy: "\n\n").first { $0.hasPrefix("Source Output #\(index)\n") }
    }
}
