import Testing

@testable import AudioSessionAgent

@Suite("Journal line format")
struct JournalLineTests {
    static let records: [JournalRecord] = [
        .entry(.duck(1, base: .streamVolume(StreamVolume([65536, 12])), level: 0.3)),
        .entry(.duck(2, base: .streamVolume(StreamVolume([])), level: 0)),
        .entry(.userVolume(3, base: .streamVolume(StreamVolume([1])))),
        .entry(.silence(4, by: .mute(wasMuted: true))),
        .entry(.silence(4, by: .mute(wasMuted: false))),
        .entry(.silence(10, by: .pause)),
        .entry(.silence(10, by: .pauseAndMute)),
        .entry(.duck(11, base: .nodeFactor(1), level: 0.3)),
        .entry(.duck(12, base: .nodeFactor(0.8125), level: 0)),
        .entry(.userVolume(13, base: .nodeFactor(2.5))),
        .entry(.move(5, originalDevice: "")),
        .entry(.moduleUnloaded(name: "module-role-cork", argument: "")),
        .clear(.volume(StreamSerial(rawValue: UInt64.max))),
        .entry(.restoreEntry(6, name: "sink-input-by-media-role:music")),
        .clear(.silence(7)), .clear(.device(8)), .clear(.module(name: "m", argument: "a b")), .clear(.restoreEntry(9)),
        .entry(.cardProfile(card: "bluez_card.00_11_22_33_44_55", originalProfile: "a2dp-sink")),
        .entry(.cardProfile(card: "a card", originalProfile: "")), .clear(.cardProfile(card: "bluez_card.00_11")),
        .entry(.spawnedProcess(pid: 5120, startTime: 884_213, command: "pipewire -c /run/a b.conf")),
        .clear(.process(pid: 5120, startTime: UInt64.max)),
        .entry(.clockSetting(key: "clock.force-rate", previous: "0", written: "44100")),
        .entry(.clockSetting(key: "clock.force-quantum", previous: nil, written: "441")),
        .entry(.clockSetting(key: "clock.force-quantum", previous: "", written: "-")),
        .entry(.clockSetting(key: "clock.force-rate", previous: "-", written: "=1")),
        .clear(.clockSetting(key: "clock.force-rate")),
    ]

    @Test("every record reads back as written", arguments: records)
    func roundTrip(_ record: JournalRecord) {
        let line = JournalLine.encode(record)
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(JournalLine.parse(line.dropLast()[...]) == .success(.record(record)))
    }

    @Test("a level outside 0 ... 1 or a malformed volume is damage, with a reason")
    func outOfRangeIsRejected() {
        for payload in [
            "duck 1 volume=65536 1.5", "duck 1 volume=65536/x 0.3", "duck 1 factor=-1 0.3", "duck 1 factor=nan 0.3",
            "duck 1 65536 0.3", "silence 1 maybe", "silence 1 mute maybe", "silence 1 pause now", "silence 1 false",
            "clear mute 1", "clear sound 1", "fly 1",
        ] {
            let line = checksummed(payload)
            guard case .failure(let problem) = JournalLine.parse(line[...]) else {
                Issue.record("\(payload) was accepted")
                continue
            }
            #expect(!problem.reason.isEmpty)
        }
    }

    @Test("one flipped byte anywhere fails the checksum")
    func flippedByteIsDetected() {
        let line = Array(JournalLine.encode(.entry(.move(9, originalDevice: "speaker"))).dropLast())
        for index in line.indices where index != 8 {
            var damaged = line
            damaged[index] ^= 0x01
            if case .success(let content) = JournalLine.parse(damaged[...]) {
                Issue.record("byte \(index) flipped still parsed as \(content)")
            }
        }
    }

    private func checksummed(_ payload: String) -> [UInt8] {
        let hex = String(CRC32.checksum(Array(payload.utf8)), radix: 16, uppercase: true)
        return Array((String(repeating: "0", count: 8 - hex.count) + hex + " " + payload).utf8)
    }

    @Test("the documented example lines are what the journal writes")
    func documentedExample() {
        #expect(
            String(
                decoding: JournalLine.encode(.entry(.duck(4711, base: .streamVolume(StreamVolume([65536, 65536])), level: 0.3))),
                as: UTF8.self)
                == "B2E80C6F duck 4711 volume=65536/65536 0.3\n")
        #expect(
            String(decoding: JournalLine.encode(.entry(.duck(4712, base: .nodeFactor(1), level: 0.3))), as: UTF8.self)
                == "29424DF7 duck 4712 factor=1.0 0.3\n")
        #expect(
            String(decoding: JournalLine.encode(.entry(.silence(4713, by: .mute(wasMuted: false)))), as: UTF8.self)
                == "EE387BFE silence 4713 mute false\n")
        #expect(String(decoding: JournalLine.encode(.entry(.silence(4714, by: .pause))), as: UTF8.self) == "53793558 silence 4714 pause\n")
        #expect(
            String(decoding: JournalLine.encode(.entry(.silence(4715, by: .pauseAndMute))), as: UTF8.self)
                == "4C932C39 silence 4715 pause-and-mute\n")
        #expect(String(decoding: JournalLine.encode(.clear(.silence(4713))), as: UTF8.self) == "E84C6350 clear silence 4713\n")
        #expect(
            String(decoding: JournalLine.encode(.clear(.volume(4711))), as: UTF8.self) == "07EA09D2 clear volume 4711\n"
        )
        #expect(
            String(
                decoding: JournalLine.header(serverInstance: "pulse:unix:/run/user/1000/pulse/native"), as: UTF8.self)
                == "00424FD3 audiosession-journal 2 pulse:unix:/run/user/1000/pulse/native\n")
        #expect(
            String(decoding: JournalLine.encode(.entry(.clockSetting(key: "clock.force-rate", previous: "0", written: "44100"))), as: UTF8.self)
                == "C9EF60D6 clock-setting clock.force-rate =0 44100\n")
    }
}
