import Foundation
import Testing

@testable import AudioSessionAgent

@Suite("Journal: record, clear, list, survive a crash")
struct JournalTests {
    let instance = "pulse:unix:/run/user/1000/pulse/native#4f2a"
    let stereo = StreamVolume([65536, 49152])

    @Test("what was recorded is pending, in order, after reopening as a new agent would")
    func recordsSurviveReopening() throws {
        try JournalTemporaryDirectory.with { temporary in
            do {
                let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                try journal.record(.duck(17, base: .streamVolume(stereo), level: 0.3))
                try journal.record(.restoreEntry(17, name: "sink-input-by-media-role:music"))
                try journal.record(.silence(18, by: .mute(wasMuted: false)))
                try journal.record(.move(19, originalDevice: "alsa_output.usb Headset (analog)"))
                try journal.record(
                    .moduleUnloaded(name: "module-role-cork", argument: "trigger_roles=phone global=true"))
            }  // closed without clearing: the agent was killed
            let next = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            #expect(next.quarantine == nil)
            #expect(
                next.pendingRestores == [
                    .volume(17, base: .streamVolume(stereo), appliedLevel: 0.3),
                    .restoreEntry(17, name: "sink-input-by-media-role:music"),
                    .silence(18, by: .mute(wasMuted: false)),
                    .device(19, originalDevice: "alsa_output.usb Headset (analog)"),
                    .module(name: "module-role-cork", argument: "trigger_roles=phone global=true"),
                ])
        }
    }

    @Test("a second duck keeps the user's base; a user volume replaces it and ends the applied level")
    func volumeEntriesRefineEachOther() throws {
        try JournalTemporaryDirectory.with { temporary in
            let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            try journal.record(.duck(17, base: .streamVolume(stereo), level: 0.3))
            try journal.record(.duck(17, base: .streamVolume(StreamVolume([43843, 32882])), level: 0.1))
            #expect(journal.pendingRestore(for: .volume(17)) == .volume(17, base: .streamVolume(stereo), appliedLevel: 0.1))
            try journal.record(.userVolume(17, base: .streamVolume(StreamVolume([30000, 30000]))))
            #expect(
                journal.pendingRestore(for: .volume(17))
                    == .volume(17, base: .streamVolume(StreamVolume([30000, 30000])), appliedLevel: nil))
            try journal.record(.silence(18, by: .mute(wasMuted: true)))
            try journal.record(.silence(18, by: .mute(wasMuted: false)))
            #expect(journal.pendingRestore(for: .silence(18)) == .silence(18, by: .mute(wasMuted: true)))
        }
    }

    @Test("a second silence keeps the first mute state; the user's choice replaces it, for a next agent too")
    func userMuteReplacesSilence() throws {
        try JournalTemporaryDirectory.with { temporary in
            do {
                let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                try journal.record(.silence(18, by: .mute(wasMuted: true)))
                try journal.record(.silence(18, by: .mute(wasMuted: false)))
                #expect(journal.pendingRestore(for: .silence(18)) == .silence(18, by: .mute(wasMuted: true)))
                try journal.replace(.silence(18, by: .mute(wasMuted: false)))
                #expect(journal.pendingRestore(for: .silence(18)) == .silence(18, by: .mute(wasMuted: false)))
            }
            let next = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            #expect(next.pendingRestores == [.silence(18, by: .mute(wasMuted: false))])
        }
    }

    @Test("a second write of a PipeWire clock setting keeps the value found first; a next agent reads it back")
    func clockSettingsKeepTheFirstValueFound() throws {
        try JournalTemporaryDirectory.with { temporary in
            let journal = try Journal.open(serverInstance: "pipewire-settings:default", in: temporary.journalDirectory)
            try journal.record(.clockSetting(key: "clock.force-rate", previous: "0", written: "44100"))
            try journal.record(.clockSetting(key: "clock.force-rate", previous: "44100", written: "32000"))
            try journal.record(.clockSetting(key: "clock.force-quantum", previous: nil, written: "441"))
            journal.close()
            let next = try Journal.open(serverInstance: "pipewire-settings:default", in: temporary.journalDirectory)
            #expect(
                next.pendingRestores == [
                    .clockSetting(key: "clock.force-rate", previous: "0", written: "32000"),
                    .clockSetting(key: "clock.force-quantum", previous: nil, written: "441"),
                ])
        }
    }

    @Test("clearing restores empties the journal file down to its header")
    func clearingCompacts() throws {
        try JournalTemporaryDirectory.with { temporary in
            let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            try journal.record(.duck(17, base: .streamVolume(stereo), level: 0.3))
            try journal.record(.silence(17, by: .mute(wasMuted: false)))
            try journal.record(.restoreEntry(17, name: "sink-input-by-media-role:music"))
            try journal.record(.moduleUnloaded(name: "module-role-cork", argument: ""))
            #expect(
                journal.pendingRestore(for: .restoreEntry(17))
                    == .restoreEntry(17, name: "sink-input-by-media-role:music"))
            try journal.clear(stream: 17)
            #expect(journal.pendingRestores == [.module(name: "module-role-cork", argument: "")])
            try journal.clear(.module(name: "module-role-cork", argument: ""))
            #expect(journal.pendingRestores.isEmpty)
            let lines = try temporary.text(of: journal.path).split(separator: "\n")
            #expect(lines.count == 1)
            #expect(lines.first?.contains("audiosession-journal 2 ") == true)
        }
    }

    @Test("a journal cut back to its header takes new records after the header, and a next agent reads them")
    func recordingAfterEmptying() throws {
        try JournalTemporaryDirectory.with { temporary in
            do {
                let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                for round in 0..<3 {
                    try journal.record(.silence(StreamSerial(rawValue: UInt64(20 + round)), by: .mute(wasMuted: false)))
                    try journal.clear(stream: StreamSerial(rawValue: UInt64(20 + round)))
                }
                try journal.record(.silence(30, by: .mute(wasMuted: true)))
                let lines = try temporary.text(of: journal.path).split(separator: "\n")
                #expect(lines.count == 2, "the header and the one pending record: \(lines)")
                #expect(lines.last?.contains("silence 30 mute true") == true, "\(lines)")
            }
            let next = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            #expect(next.quarantine == nil)
            #expect(next.pendingRestores == [.silence(30, by: .mute(wasMuted: true))])
        }
    }

    @Test("the directory is 0700 and the journal file 0600")
    func filesArePrivate() throws {
        try JournalTemporaryDirectory.with { temporary in
            try FileManager.default.createDirectory(
                atPath: temporary.journalDirectory.path, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o755])
            let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            try journal.record(.silence(1, by: .mute(wasMuted: false)))
            #expect(try temporary.permissions(of: temporary.journalDirectory.path) == 0o700)
            #expect(try temporary.permissions(of: journal.path) == 0o600)
        }
    }

    @Test("a torn last line (kill -9 mid-write) is dropped silently and the rest is kept")
    func tornLastLineIsDropped() throws {
        try JournalTemporaryDirectory.with { temporary in
            let path: String
            do {
                let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                try journal.record(.duck(17, base: .streamVolume(stereo), level: 0.3))
                path = journal.path
            }
            let whole = String(decoding: JournalLine.encode(.entry(.silence(18, by: .mute(wasMuted: false)))), as: UTF8.self)
            try temporary.append(String(whole.prefix(whole.count / 2)), to: path)

            do {
                let next = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                #expect(next.quarantine == nil)
                #expect(next.pendingRestores == [.volume(17, base: .streamVolume(stereo), appliedLevel: 0.3)])
                // The next record must not be glued to the torn half.
                try next.record(.move(20, originalDevice: "speaker"))
            }
            let again = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            #expect(again.quarantine == nil)
            #expect(again.pendingRestores.count == 2)
        }
    }

    @Test("a damaged line in the middle is a typed error naming file and line; the file is quarantined")
    func damagedLineIsQuarantined() throws {
        try JournalTemporaryDirectory.with { temporary in
            let path: String
            do {
                let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                try journal.record(.duck(17, base: .streamVolume(stereo), level: 0.3))
                try journal.record(.silence(18, by: .mute(wasMuted: false)))
                try journal.record(.move(19, originalDevice: "speaker"))
                path = journal.path
            }
            var lines = try temporary.text(of: path).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            lines[2] = lines[2].replacingOccurrences(of: "silence 18", with: "silence 81")
            try temporary.write(lines.joined(separator: "\n"), to: path)

            do {
                let next = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                let quarantine = try #require(next.quarantine)
                #expect(quarantine.error.kind == .corrupt)
                #expect(quarantine.error.path == path)
                #expect(quarantine.error.line == 3)
                #expect(quarantine.error.description.hasPrefix("\(path):3: checksum mismatch"))
                #expect(FileManager.default.fileExists(atPath: quarantine.quarantinedPath))
                #expect(
                    next.pendingRestores == [
                        .volume(17, base: .streamVolume(stereo), appliedLevel: 0.3), .device(19, originalDevice: "speaker"),
                    ])
            }
            // The fresh journal is clean: a third agent finds no damage.
            let third = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            #expect(third.quarantine == nil)
            #expect(third.pendingRestores.count == 2)
        }
    }

    @Test("garbage instead of a journal is quarantined without restoring anything from it")
    func garbageFileIsQuarantined() throws {
        try JournalTemporaryDirectory.with { temporary in
            let path = temporary.journalDirectory.filePath(forServerInstance: instance)
            try temporary.write("this is not a journal\nduck 1 2 3\n", to: path)
            let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            #expect(journal.quarantine?.error.line == 1)
            #expect(journal.quarantine?.error.reason.contains("header") == true)
            #expect(journal.pendingRestores.isEmpty)
        }
    }

    @Test("a second agent on the same server instance is refused while the first runs, and let in after it died")
    func secondAgentIsLockedOut() throws {
        try JournalTemporaryDirectory.with { temporary in
            var first: Journal? = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            try first?.record(.silence(1, by: .mute(wasMuted: false)))
            #expect {
                _ = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            } throws: { error in
                (error as? JournalError)?.kind == .locked
            }
            first = nil
            let second = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            #expect(second.pendingRestores == [.silence(1, by: .mute(wasMuted: false))])
        }
    }

    @Test("journals of two server instances are written concurrently and stay apart")
    func twoInstancesConcurrently() async throws {
        try await JournalTemporaryDirectory.withAsync { temporary in
            try await withThrowingTaskGroup(of: Void.self) { group in
                let pulse = try Journal.open(serverInstance: "pulse:one", in: temporary.journalDirectory)
                let pipewire = try Journal.open(serverInstance: "pipewire-pulse:two", in: temporary.journalDirectory)
                for (journal, offset) in [(pulse, UInt64(0)), (pipewire, UInt64(1000))] {
                    group.addTask {
                        for serial in 1...200 as ClosedRange<UInt64> {
                            try journal.record(
                                .silence(StreamSerial(rawValue: offset + serial), by: .mute(wasMuted: serial % 2 == 0)))
                            if serial % 3 == 0 { try journal.clear(.silence(StreamSerial(rawValue: offset + serial))) }
                        }
                    }
                }
                try await group.waitForAll()
                // Closed here, not whenever the tasks' last references go: they are opened again below.
                pulse.close()
                pipewire.close()
            }
            #expect(try Set(temporary.journalDirectory.serverInstances()) == ["pulse:one", "pipewire-pulse:two"])
            let expected: (UInt64) -> [PendingRestore] = { offset in
                (1...200 as ClosedRange<UInt64>).filter { $0 % 3 != 0 }.map {
                    .silence(StreamSerial(rawValue: offset + $0), by: .mute(wasMuted: $0 % 2 == 0))
                }
            }
            let pulse = try Journal.open(serverInstance: "pulse:one", in: temporary.journalDirectory)
            let pipewire = try Journal.open(serverInstance: "pipewire-pulse:two", in: temporary.journalDirectory)
            #expect(pulse.pendingRestores == expected(0))
            #expect(pipewire.pendingRestores == expected(1000))
        }
    }

    @Test("device names and module arguments with spaces, quotes, newlines and non-ASCII survive the file")
    func awkwardTextRoundTrips() throws {
        try JournalTemporaryDirectory.with { temporary in
            let device = "Casque “Jabra” 100%\nline\ttab"
            let argument = "sink_properties='device.description=Bureau éclairé' global=true"
            do {
                let journal = try Journal.open(
                    serverInstance: "pulse: weird/instance %", in: temporary.journalDirectory)
                try journal.record(.move(5, originalDevice: device))
                try journal.record(.moduleUnloaded(name: "module-null-sink", argument: argument))
            }
            let next = try Journal.open(serverInstance: "pulse: weird/instance %", in: temporary.journalDirectory)
            #expect(
                next.pendingRestores == [
                    .device(5, originalDevice: device), .module(name: "module-null-sink", argument: argument),
                ])
            #expect(try temporary.names().allSatisfy { !$0.contains(" ") && !$0.contains("/") })
        }
    }

    @Test("a journal of a server that has gone can be listed and discarded, but not while an agent holds it")
    func staleInstanceIsDiscarded() throws {
        try JournalTemporaryDirectory.with { temporary in
            do {
                let old = try Journal.open(serverInstance: "pulse:old", in: temporary.journalDirectory)
                try old.record(.silence(3, by: .mute(wasMuted: false)))
            }
            #expect(try temporary.journalDirectory.serverInstances() == ["pulse:old"])
            do {
                let running = try Journal.open(serverInstance: "pulse:old", in: temporary.journalDirectory)
                #expect(throws: JournalError.self) {
                    try temporary.journalDirectory.discard(serverInstance: "pulse:old")
                }
                #expect(running.pendingRestores.count == 1)
            }
            try temporary.journalDirectory.discard(serverInstance: "pulse:old")
            #expect(try temporary.journalDirectory.serverInstances().isEmpty)
        }
    }

    @Test("a symbolic link in place of the journal directory is refused with a reason")
    func directoryInTheWayIsRefused() throws {
        try JournalTemporaryDirectory.with { temporary in
            try FileManager.default.createSymbolicLink(
                atPath: temporary.journalDirectory.path + "-link", withDestinationPath: temporary.root)
            let directory = JournalDirectory(path: temporary.journalDirectory.path + "-link")
            #expect {
                _ = try Journal.open(serverInstance: instance, in: directory)
            } throws: { error in
                (error as? JournalError)?.kind == .notPrivate
            }
        }
    }

    @Test("a crash that left zero-filled bytes after the last line loses nothing that was recorded")
    func zeroFilledTail() throws {
        try JournalTemporaryDirectory.with { temporary in
            let path: String
            do {
                let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                try journal.record(.silence(4, by: .mute(wasMuted: false)))
                path = journal.path
            }
            try temporary.append(String(repeating: "\0", count: 37) + "\n", to: path)
            let next = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            #expect(next.quarantine == nil)
            #expect(next.pendingRestores == [.silence(4, by: .mute(wasMuted: false))])
        }
    }

    @Test("a long-running agent's journal stays a few hundred lines however many changes it records")
    func fileStaysSmall() throws {
        try JournalTemporaryDirectory.with { temporary in
            let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            try journal.record(.moduleUnloaded(name: "module-role-cork", argument: ""))
            for serial in 1...300 as ClosedRange<UInt64> {
                try journal.record(.duck(StreamSerial(rawValue: serial), base: .streamVolume(stereo), level: 0.3))
                try journal.clear(.volume(StreamSerial(rawValue: serial)))
            }
            #expect(journal.pendingRestores == [.module(name: "module-role-cork", argument: "")])
            #expect(try temporary.text(of: journal.path).split(separator: "\n").count <= 257)
        }
    }

    @Test("a temporary file left by a crash mid-rewrite is ignored and replaced by a private one")
    func leftoverTemporaryFile() throws {
        try JournalTemporaryDirectory.with { temporary in
            let path: String
            do {
                let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                try journal.record(.silence(4, by: .mute(wasMuted: true)))
                path = journal.path
            }
            try temporary.write("half a rewrite", to: path + ".tmp")
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path + ".tmp")
            let next = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            #expect(next.quarantine == nil)
            #expect(next.pendingRestores == [.silence(4, by: .mute(wasMuted: true))])
            #expect(try temporary.permissions(of: path) == 0o600)
            #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
        }
    }
}
