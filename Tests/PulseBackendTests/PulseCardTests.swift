import AudioSessionTesting
import PulseBackend
import SoundServer
import Testing

/// The card calls against real servers. A private server has no card (module-null-sink makes none
/// on PulseAudio 16; pipewire-pulse lists none without ALSA or BlueZ devices), so what can be
/// exercised is the listing, the mirror's start, and the typed error of a switch that cannot be made.
@Suite("Pulse cards", .serialized)
struct PulseCardTests {
    @Test("PulseAudio: no card; the mirror agrees; a switch of a missing card fails with noEntity")
    func pulseAudio() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await check(pulse)
    }

    @Test("pipewire-pulse: no card; the mirror agrees; a switch of a missing card fails with noEntity")
    func pipewirePulse() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        try await check(pipewire)
    }

    private func check<Server: PulseProtocolServer>(_ server: Server) async throws {
        let connection = try await PulseConnection.connect(server: server.serverAddress)
        defer { connection.disconnect() }
        let listed = try await connection.cards()
        let pactlCards = try await server.pactl("list", "short", "cards")
        #expect(listed.isEmpty, "pactl list cards: \(pactlCards)")
        let mirror = try await PulseCardMirror.start(on: connection)
        defer { mirror.stop() }
        #expect(mirror.cards == listed)
        #expect(mirror.card(named: "bluez_card.00_11_22_33_44_55") == nil)

        let error = await #expect(throws: PulseError.self) {
            try await connection.setCardProfile(card: "bluez_card.00_11_22_33_44_55", profile: "headset-head-unit")
        }
        #expect(error?.code == .noEntity, "\(String(describing: error))")
        #expect(error?.operation == "pa_context_set_card_profile_by_name")
        // The connection is still good after the refusal.
        #expect(try await connection.serverInfo().name.isEmpty == false)
    }
}
