import Testing

@testable import AudioSessionAgent

/// Journals written by agents before the journal said which control a change used (version 1):
/// read once for recovery, in the words of the backend that wrote them, and rewritten as version 2.
@Suite("Journal: version 1 journals")
struct JournalVersion1Tests {
    /// Lines as the pulse-protocol agent of version 1 wrote them.
    static let pulseJournal = """
        B3B2BBED audiosession-journal 1 pulseaudio-host-1f2e3d4c unix:/run/user/1000/pulse/native
        AF28B134 restore-entry 41 sink-input-by-media-role:music
        B94C57E4 duck 41 65536/49152 0.3
        19D68464 silence 42 true
        928CED94 move 44 speaker
        54881390 silence 43 false

        """

    /// Lines as the native PipeWire agent of version 1 wrote them: a factor of 0.8 as one channel
    /// (52429 / 65536), a Pause as `silence … false`.
    static let nativeJournal = """
        776DE4EC audiosession-journal 1 pipewire:pipewire-0:1234567
        2991DFC2 restore-entry 51 output.paplay:media.role:Music
        4FB9E7D9 duck 51 52429 0.3
        3E5518BA silence 52 false

        """

    @Test("a pulse agent's lines: the base is the stream's volume, a silence a mute")
    func pulseLines() {
        let replay = JournalReplay(bytes: Array(Self.pulseJournal.utf8), serverInstance: "pulseaudio-host-1f2e3d4c")
        #expect(replay.firstProblem == nil)
        #expect(
            replay.ledger.pending == [
                .restoreEntry(41, name: "sink-input-by-media-role:music"),
                .volume(41, base: .streamVolume(StreamVolume([65536, 49152])), appliedLevel: 0.3),
                .silence(42, by: .mute(wasMuted: true)), .device(44, originalDevice: "speaker"),
                .silence(43, by: .mute(wasMuted: false)),
            ])
    }

    @Test("a native PipeWire agent's lines: the base is the node's factor, a silence a Pause")
    func nativeLines() throws {
        let replay = JournalReplay(bytes: Array(Self.nativeJournal.utf8), serverInstance: "pipewire:pipewire-0:1234567")
        #expect(replay.firstProblem == nil)
        let pending = replay.ledger.pending
        #expect(pending.count == 3)
        #expect(pending.first == .restoreEntry(51, name: "output.paplay:media.role:Music"))
        #expect(pending.last == .silence(52, by: .pause))
        guard case .volume(51, .nodeFactor(let factor), 0.3)? = replay.ledger[.volume(51)] else {
            Issue.record("the duck was read as \(String(describing: replay.ledger[.volume(51)]))")
            return
        }
        #expect(abs(factor - 0.8) < 0.0001)
    }

    @Test("`clear mute` of version 1 clears the silence")
    func oldClearMute() {
        let text = Self.nativeJournal + "4A1F2815 clear mute 52\n50F311BB clear volume 51\n"
        let replay = JournalReplay(bytes: Array(text.utf8), serverInstance: "pipewire:pipewire-0:1234567")
        #expect(replay.firstProblem == nil)
        #expect(replay.ledger.pending == [.restoreEntry(51, name: "output.paplay:media.role:Music")])
    }

    @Test("version 1's forms are damage in a version 2 journal")
    func oldFormsAreNotCurrent() {
        for payload in ["B94C57E4 duck 41 65536/49152 0.3", "54881390 silence 43 false", "53041954 clear mute 42"] {
            guard case .failure = JournalLine.parse(Array(payload.utf8)[...]) else {
                Issue.record("\(payload) was read as a version 2 line")
                continue
            }
        }
    }

    @Test("opening a version 1 journal keeps its restores and rewrites it in version 2")
    func openRewrites() throws {
        try JournalTemporaryDirectory.with { temporary in
            let instance = "pipewire:pipewire-0:1234567"
            let path = temporary.journalDirectory.filePath(forServerInstance: instance)
            try temporary.write(Self.nativeJournal, to: path)
            let expected: [PendingRestore]
            do {
                let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                #expect(journal.quarantine == nil)
                expected = journal.pendingRestores
                #expect(expected.last == .silence(52, by: .pause))
            }
            let text = try temporary.text(of: path)
            #expect(text.contains("audiosession-journal 2 "))
            #expect(text.contains(" silence 52 pause\n"))
            #expect(text.contains(" duck 51 factor="))
            let again = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            #expect(again.pendingRestores == expected)
        }
    }

    @Test("a journal of a version this agent does not know is damage, with a reason")
    func unknownVersion() {
        let header = "audiosession-journal 3 x"
        let line = String(CRC32.checksum(Array(header.utf8)), radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: 8 - line.count) + line + " " + header
        guard case .failure(let problem) = JournalLine.parse(Array(padded.utf8)[...]) else {
            Issue.record("version 3 was accepted")
            return
        }
        #expect(problem.reason.contains("reads versions 1 and 2"))
    }
}
