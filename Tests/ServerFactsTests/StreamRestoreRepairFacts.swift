import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Testing

/// On Debian's stock PulseAudio 16.1, module-stream-restore saves a client's volume change per
/// media role, and libpulse's ext-stream-restore write repairs the saved entry: the agent's way to
/// keep a ducked level out of the database. Observed with pactl, as a user would see it.
@Suite("Fact: stream-restore saves per-role volume and accepts a repair (PulseAudio, stock)", .serialized)
struct StreamRestoreRepairFacts {
    @Test("a music stream set to 30 % makes the next one start at 30 %; writing the entry back to 100 % undoes it")
    func repairThroughExtStreamRestore() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let tone = try ToneFile.sine(frequency: 440, seconds: 30, amplitude: 0.2, in: pulse.directory, name: "music.wav")

        let first = try pulse.spawn("paplay", ["--property=media.role=music", tone])
        defer { first.kill() }
        let firstIndex = try await waitForValue("the first music stream") { try await musicStream(of: first, in: pulse)?.index }
        _ = try await pulse.pactl("set-sink-input-volume", String(firstIndex), "30%")
        try await waitUntil("pactl shows the first stream at 30 %") {
            try await musicStream(of: first, in: pulse)?.percentages == [30, 30]
        }
        first.kill()
        _ = await first.waitForExit()

        let second = try pulse.spawn("paplay", ["--property=media.role=music", tone])
        defer { second.kill() }
        let saved = try await waitForValue("the second music stream") { try await musicStream(of: second, in: pulse) }
        #expect(saved.percentages == [30, 30], "module-stream-restore gave the next music stream the saved 30 %")
        second.kill()
        _ = await second.waitForExit()

        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let entries = try await connection.streamRestoreEntries()
        var music = try #require(entries.first { $0.name == "sink-input-by-media-role:music" })
        #expect(music.volume?.channels.map { $0.percent.rounded() } == [30, 30])
        music.volume = ChannelVolumes(repeating: .normal, count: music.channelMap.count)
        try await connection.writeStreamRestoreEntries([music], mode: .replace)

        let third = try pulse.spawn("paplay", ["--property=media.role=music", tone])
        defer { third.kill() }
        let repaired = try await waitForValue("the third music stream") { try await musicStream(of: third, in: pulse) }
        #expect(repaired.percentages == [100, 100], "the repaired entry gives the next music stream 100 %")
    }

    @Test("a repaired entry gets the live stream's volume again at the stream's next change event (a move), and subscribers hear of it")
    func repairedEntryIsSavedAgainAtAMove() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let tone = try ToneFile.sine(frequency: 440, seconds: 30, amplitude: 0.2, in: pulse.directory, name: "music.wav")
        let music = try pulse.spawn("paplay", ["--property=media.role=music", tone])
        defer { music.kill() }
        let index = try await waitForValue("the music stream") { try await musicStream(of: music, in: pulse)?.index }
        _ = try await pulse.pactl("set-sink-input-volume", String(index), "30%")
        _ = try await pulse.pactl("load-module", "module-null-sink", "sink_name=other")

        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let savedPercent = { () async throws -> [Double]? in
            try await connection.streamRestoreEntries().first { $0.name == "sink-input-by-media-role:music" }?
                .volume?.channels.map { $0.percent.rounded() }
        }
        try await waitUntil("the music role's entry holds 30 %") { try await savedPercent() == [30, 30] }
        var entry = try #require(try await connection.streamRestoreEntries().first { $0.name == "sink-input-by-media-role:music" })
        entry.volume = ChannelVolumes(repeating: .normal, count: entry.channelMap.count)
        try await connection.writeStreamRestoreEntries([entry], mode: .replace)
        #expect(try await savedPercent() == [100, 100], "the repair holds while nothing happens to the stream")

        var changes = try await connection.streamRestoreChanges().makeAsyncIterator()
        _ = try await pulse.pactl("move-sink-input", String(index), "other")
        let afterMove = await changes.next()?.first { $0.name == "sink-input-by-media-role:music" }
        #expect(afterMove?.deviceName == "other", "subscribers hear of the save the move made")
        #expect(try await savedPercent() == [30, 30], "the move saved the live stream's 30 % over the repair")
    }
}

/// A music stream as `pactl list sink-inputs` shows it.
private struct ListedStream {
    var index: UInt32
    var percentages: [Int]
}

/// The sink input of `player` (matched by its process ID) as pactl lists it, if it exists yet.
private func musicStream(of player: ChildProcess, in pulse: PrivatePulseAudio) async throws -> ListedStream? {
    let text = try await pulse.pactl("list", "sink-inputs")
    for block in text.components(separatedBy: "\n\n") {
        guard block.contains("application.process.id = \"\(player.pid)\""), block.contains("media.role = \"music\""),
            let header = block.split(separator: "\n").first, header.hasPrefix("Sink Input #"),
            let index = UInt32(header.dropFirst("Sink Input #".count))
        else { continue }
        let volume = block.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Volume:") } ?? ""
        let percentages = volume.split(separator: "/").compactMap { part -> Int? in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            return trimmed.hasSuffix("%") ? Int(trimmed.dropLast()) : nil
        }
        return ListedStream(index: index, percentages: percentages)
    }
    return nil
}
