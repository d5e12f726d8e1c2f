import AudioSessionAgent
import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Testing

/// On stock PulseAudio module-stream-restore saves the mute the agent puts on a music stream for
/// the whole music role, so a music stream started during a call may start muted from that entry.
/// The agent must not take that mute for the user's: after the call every music stream plays at
/// the user's level, and the restore database is clean for the next one.
@Suite("Agent on real servers: the agent's silence does not leak into new streams", .serialized)
struct RestoreLeakTests {
    static let musicEntry = "sink-input-by-media-role:music"

    @Test("PulseAudio (stock): music started during a call is silenced, then unmuted with the rest")
    func newMusicDuringCallIsReleased() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }

        let first = try harness.playMusic()
        defer { first.kill() }
        try await harness.setVolume("music", 60)
        let agent = try await harness.startAgent()
        let silence = try ToneFile.silence(seconds: 30, in: pulse.directory, name: "call.wav")
        let call = try pulse.spawn("paplay", ["--property=media.role=phone", "--property=media.name=call", silence])
        defer { call.kill() }
        try await waitUntil("the first music stream is muted") { try await harness.stream(named: "music")?.isMuted == true }

        // The race, made certain: the restore module saved the agent's mute for the music role
        // before the agent repaired the entry, and a new music stream starts right then.
        var polluted = try #require(try await connection.streamRestoreEntries().first { $0.name == Self.musicEntry })
        polluted.isMuted = true
        try await connection.writeStreamRestoreEntries([polluted], mode: .replace)
        let second = try harness.play("second", seconds: 60, properties: ["media.role": "music"])
        defer { second.kill() }
        try await waitUntil("the second music stream is silenced by the call") {
            try await harness.stream(named: "second")?.isMuted == true
        }

        call.kill()
        _ = await call.waitForExit()
        try await waitUntil("the first music stream is unmuted", timeout: .seconds(10)) {
            try await harness.stream(named: "music")?.isMuted == false
        }
        try await waitUntil("the second music stream is unmuted\n\(AgentHarness<PrivatePulseAudio>.explain(agent))") {
            try await harness.stream(named: "second")?.isMuted == false
        }
        try await harness.waitForVolume("music", 60)
        try await harness.waitForVolume("second", 60)
        try await waitUntil("the silences' journal entries are cleared") { AgentHarness<PrivatePulseAudio>.noStreamRestoresPending(agent) }

        let third = try harness.play("third", seconds: 60, properties: ["media.role": "music"])
        defer { third.kill() }
        let stream = try await harness.waitForStream("third")
        #expect(!stream.isMuted, "the restore database holds the user's mute state")
        #expect(stream.volumePercents.allSatisfy { $0 == 60 }, "and the user's volume: \(stream.volumePercents)")
        let entry = try await connection.streamRestoreEntries().first { $0.name == Self.musicEntry }
        #expect(entry?.isMuted == false)
        await agent.shutdown()
    }

    @Test("PulseAudio (stock): a user's move of music a call silenced saves the agent's mute again; the agent puts the user's unmute back")
    func muteSavedAgainIsRepaired() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let savedMute = { try await connection.streamRestoreEntries().first { $0.name == Self.musicEntry }?.isMuted }

        let music = try harness.playMusic()
        defer { music.kill() }
        let agent = try await harness.startAgent()
        let silence = try ToneFile.silence(seconds: 30, in: pulse.directory, name: "call.wav")
        let call = try pulse.spawn("paplay", ["--property=media.role=phone", "--property=media.name=call", silence])
        defer { call.kill() }
        try await waitUntil("the music is muted") { try await harness.stream(named: "music")?.isMuted == true }
        try await waitUntil("the restore database holds the user's unmute") { try await savedMute() == false }

        // module-stream-restore saves a stream's values at each of its change events: a move by
        // the user there and back saves the agent's mute for the role again.
        _ = try await pulse.pactl("load-module", "module-null-sink", "sink_name=other")
        let index = try await harness.waitForStream("music").index
        for sink in ["other", "speaker"] { _ = try await pulse.pactl("move-sink-input", String(index), sink) }
        try await waitUntil("the restore database holds the user's unmute again\n\(AgentHarness<PrivatePulseAudio>.explain(agent))") {
            try await savedMute() == false
        }
        #expect(try await harness.stream(named: "music")?.isMuted == true, "the music stays silenced while the call goes on")

        call.kill()
        _ = await call.waitForExit()
        try await waitUntil("the music is unmuted") { try await harness.stream(named: "music")?.isMuted == false }
        await agent.shutdown()
        #expect(agent.journal.pendingRestores.isEmpty, "shutdown leaves the journal empty")
    }
}
