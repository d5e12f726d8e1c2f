import AudioPolicy
import AudioSessionAgent
import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Testing

/// A duck-others prompt session lowers a music stream to the policy's level (0.3 in amplitude:
/// ∛0.3 of its volume on pactl's scale) while the prompt plays, and the music returns to exactly
/// its volume after. The server's restore database never keeps the ducked level: a second music
/// stream started mid-duck starts from the user's level, not the ducked one, and returns to it.
@Suite("Agent on real servers: ducking", .serialized)
struct DuckTests {
    @Test("PulseAudio (minimal): a prompt ducks music to the policy level and it comes back exactly")
    func duckOnMinimalPulseAudio() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        // No restore database: a new stream starts at 100 %.
        try await duckAndRestore(AgentHarness(server: pulse), secondMusicReturnsTo: 100) {}
    }

    @Test("PulseAudio (stock): the same, and module-stream-restore holds the original while ducked")
    func duckOnStockPulseAudio() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        try await duckAndRestore(harness, secondMusicReturnsTo: 80) {
            var saved: Int?
            do {
                try await waitUntil("the restore database holds the music's own 80 % while it is ducked") {
                    saved = try await savedMusicPercent(on: pulse)
                    return saved == 80
                }
            } catch {
                Issue.record("the restore database holds \(saved.map { "\($0) %" } ?? "no music entry")")
                throw error
            }
            // module-stream-restore saves a stream's values at each of its change events: a move
            // by the user there and back saves the ducked level again, and the agent, following
            // the database, puts the user's back.
            _ = try await pulse.pactl("load-module", "module-null-sink", "sink_name=other")
            let music = try await harness.waitForStream("music")
            for sink in ["other", "speaker"] { _ = try await pulse.pactl("move-sink-input", String(music.index), sink) }
            try await waitUntil("the restore database holds the music's own 80 % again after the user moved it") {
                try await savedMusicPercent(on: pulse) == 80
            }
        }
        #expect(try await savedMusicPercent(on: pulse) == 80)
    }

    @Test("pipewire-pulse: the same, repaired through WirePlumber's route-settings")
    func duckOnPipeWirePulse() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        try await duckAndRestore(AgentHarness(server: pipewire), secondMusicReturnsTo: 80) {
            try await waitUntil("pipewire-pulse wrote the repair into route-settings") {
                try await pipewire.metadata(named: "route-settings").contains {
                    $0.key == "restore.stream.Output/Audio.media.role:Music"
                }
            }
        }
        // 80 % on pactl's cubic scale is 0.512 in amplitude.
        try await waitUntil("WirePlumber saved the music's own level", timeout: .seconds(10)) {
            let saved = try pipewire.wirePlumberState("restore-stream")["Output/Audio:media.role:Music:channelVolumes"]
            return saved?.split(separator: ";").allSatisfy { abs((Double($0) ?? 0) - 0.512) < 0.002 } == true
        }
    }

    /// Music at 80 %; control: a prompt without the agent leaves it there. With the agent the
    /// prompt ducks it to 80 % × ∛0.3 ≈ 54 %; `repaired` waits until the restore database holds
    /// the user's level again, then a second music stream starts and is ducked from that level. Once the
    /// prompt has ended, the first is back at 80 % and the second at `secondMusicReturnsTo`.
    private func duckAndRestore<Server: PulseProtocolServer>(
        _ harness: AgentHarness<Server>, secondMusicReturnsTo secondLevel: Int, repaired: () async throws -> Void
    ) async throws {
        let music = try harness.playMusic()
        defer { music.kill() }
        try await harness.setVolume("music", 80)

        let control = try harness.play("control-prompt", seconds: 30, properties: ["audiosession.token": "no-agent-runs"])
        _ = try await harness.waitForStream("control-prompt")
        #expect(try await harness.stream(named: "music")?.volumePercents == [80, 80], "without the agent nothing ducks")
        control.kill()
        _ = await control.waitForExit()

        let agent = try await harness.startAgent()
        let navigation = try TestSession.activate(
            on: agent, name: "maps", category: "playback", mode: "voice-prompt", options: ["mix-with-others", "duck-others"])
        let prompt = try harness.play("prompt", seconds: 15, properties: ["audiosession.token": navigation.token])
        defer { prompt.kill() }
        do { try await harness.waitForVolume("music", 54) } catch {
            Issue.record("\(AgentHarness<Server>.explain(agent))")
            throw error
        }
        do { try await repaired() } catch {
            // What the agent holds says whether it took a step's level for the user's.
            Issue.record("\(AgentHarness<Server>.explain(agent))\njournal: \(agent.journal.pendingRestores)")
            throw error
        }
        #expect(try await harness.stream(named: "music")?.volumePercents == [54, 54], "the repair leaves the live stream ducked")

        let second = try harness.play("music-2", seconds: 60, properties: ["media.role": "music"])
        defer { second.kill() }
        _ = try await harness.waitForStream("music-2")
        // Ducked from its own level, which the server gives it as it links (on pipewire-pulse a
        // new stream shows 0 % until WirePlumber has restored it).
        try await harness.waitForVolume("music-2", Int((Double(secondLevel) * cbrt(0.3)).rounded()))
        #expect(await prompt.waitForExit() == 0)
        try await harness.waitForVolume("music", 80)
        try await harness.waitForVolume("music-2", secondLevel)
        try await waitUntil("the ducks' journal entries are cleared") { AgentHarness<Server>.noStreamRestoresPending(agent) }
        await agent.shutdown()
        #expect(agent.journal.pendingRestores.isEmpty, "shutdown leaves the journal empty")
    }
}

/// The volume module-stream-restore saved for the music role, in percent (rounded), or nil.
func savedMusicPercent(on pulse: PrivatePulseAudio) async throws -> Int? {
    let connection = try await PulseConnection.connect(server: pulse.serverAddress)
    defer { connection.disconnect() }
    let entry = try await connection.streamRestoreEntries().first { $0.name == "sink-input-by-media-role:music" }
    return entry?.volume.map { Int($0.maximum.percent.rounded()) }
}
