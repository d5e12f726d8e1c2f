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
