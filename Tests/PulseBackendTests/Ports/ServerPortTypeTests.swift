import AudioSessionModel
import AudioSessionTesting
import PulseBackend
import SoundServer
import Testing

/// The port types of devices as the real servers report them: the fake devices carry the
/// properties a real device of their kind has, and the mirror's view of them must classify the
/// same on PulseAudio and through pipewire-pulse.
@Suite("Port types of devices on real servers")
struct ServerPortTypeTests {
    static let expectations: [(FakeDevice, PortType)] = [
        (.headphones, .headphones), (.usbHeadset, .headphones), (.hdmi, .hdmi), (.secondSpeaker, .builtInSpeaker),
    ]

    @Test("PulseAudio: plugged fake devices get their port types; the harness's null speaker is virtual")
    func onPulseAudio() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await check(on: pulse)
    }

    @Test("pipewire-pulse: the same devices, the same port types")
    func onPipeWirePulse() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        try await check(on: pipewire)
    }

    private func check<Server: PulseProtocolServer>(on server: Server) async throws {
        for (device, _) in Self.expectations { _ = try await server.plug(device) }
        let connection = try await PulseConnection.connect(server: server.serverAddress)
        defer { connection.disconnect() }
        let mirror = try await PulseGraphMirror.start(on: connection)
        defer { mirror.stop() }
        for (device, expected) in Self.expectations {
            let sink = try await waitForValue("\(device.name) is listed") { mirror.graph.sink(named: device.name) }
            #expect(sink.portType == expected, "\(device.name): \(sink.properties)")
            #expect(sink.portDescription.uid == device.name, "null sinks have no ports: the UID is the name")
            #expect(sink.portDescription.channels == 2)
        }
        #expect(mirror.graph.sink(named: "speaker")?.portType == .virtual)
        #expect(mirror.graph.source(named: "mic")?.portType == .virtual)
    }
}
