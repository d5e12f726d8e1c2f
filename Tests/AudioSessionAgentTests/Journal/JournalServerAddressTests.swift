import Foundation
import Synchronization
import Logging
import Testing

@testable import AudioSessionAgent

/// The server address in a journal's header, closing a journal for a reconnection, and the rule
/// by which journals of instances that are gone are discarded (``StaleJournalSweep``).
@Suite("Journal: server address, close, stale journals")
struct JournalServerAddressTests {
    @Test("the header carries the server's address; a header without one (older journals) still reads")
    func headerAddress() {
        let line = JournalLine.header(
            serverInstance: "pulseaudio-host-1f2e3d4c", serverAddress: "unix:/run/user/1000/pulse/native")
        #expect(
            String(decoding: line, as: UTF8.self)
                == "0866B5FE audiosession-journal 2 pulseaudio-host-1f2e3d4c unix:/run/user/1000/pulse/native\n")
        let parsed = JournalLine.parse(line.dropLast())
        #expect(
            (try? parsed.get())
                == .header(serverInstance: "pulseaudio-host-1f2e3d4c", serverAddress: "unix:/run/user/1000/pulse/native", dialect: .current))
        let old = JournalLine.header(serverInstance: "pulseaudio-host-1f2e3d4c")
        #expect((try? JournalLine.parse(old.dropLast()).get()) == .header(serverInstance: "pulseaudio-host-1f2e3d4c", serverAddress: nil, dialect: .current))
        let spaced = JournalLine.header(serverInstance: "a", serverAddress: "unix:/tmp/with space/native")
        #expect((try? JournalLine.parse(spaced.dropLast()).get()) == .header(serverInstance: "a", serverAddress: "unix:/tmp/with space/native", dialect: .current))
    }

    @Test("close keeps what is pending on disk, refuses changes, and lets the same process open the instance again")
    func closeReleasesTheLock() throws {
        try JournalTemporaryDirectory.with { temporary in
            let journal = try Journal.open(serverInstance: "i", serverAddress: "unix:/s", in: temporary.journalDirectory)
            try journal.record(.silence(5, by: .mute(wasMuted: false)))
            journal.close()
            #expect(throws: JournalError.self) { try journal.record(.silence(6, by: .mute(wasMuted: false))) }
            let again = try Journal.open(serverInstance: "i", serverAddress: "unix:/s", in: temporary.journalDirectory)
            #expect(again.pendingRestores == [.silence(5, by: .mute(wasMuted: false))])
            #expect(try temporary.journalDirectory.recordedServers() == [.init(instance: "i", address: "unix:/s")])
        }
    }

    @Test("stale: the agent's address served by it, a refused socket, another instance answering; kept: alive, unknown, no address, locked")
    func sweepRule() async throws {
        try await JournalTemporaryDirectory.withAsync { temporary in
            let directory = temporary.journalDirectory
            func leave(_ instance: String, _ address: String?) throws {
                let journal = try Journal.open(serverInstance: instance, serverAddress: address, in: directory)
                try journal.record(.silence(1, by: .mute(wasMuted: false)))
                journal.close()
            }
            try leave("old-at-mine", "unix:/mine")
            try leave("refused", "unix:/refused")
            try leave("replaced", "unix:/replaced")
            try leave("alive", "unix:/alive")
            try leave("unknown", "unix:/slow")
            try leave("no-address", nil)
            try leave("held", "unix:/refused-too")
            let held = try Journal.open(serverInstance: "held", serverAddress: "unix:/refused-too", in: directory)
            defer { held.close() }
            let current = try Journal.open(serverInstance: "current", serverAddress: "unix:/mine", in: directory)
            defer { current.close() }

            let probe = FixedProbe(verdicts: [
                "unix:/refused": .gone("nothing listens"), "unix:/replaced": .gone("another instance"),
                "unix:/alive": .alive, "unix:/slow": .unknown("timed out"), "unix:/refused-too": .gone("nothing listens"),
            ])
            var sweep = StaleJournalSweep(directory: directory, logger: Logger(label: "test"))
            sweep.probe = probe
            await sweep.run(current: "current", address: "unix:/mine")
            #expect(
                Set(try directory.serverInstances()) == ["alive", "unknown", "no-address", "held", "current"])
            #expect(
                Set(probe.asked) == ["unix:/refused", "unix:/replaced", "unix:/alive", "unix:/slow", "unix:/refused-too"],
                "every other recorded address is asked once; the agent's own needs no probe")
            #expect(probe.asked.count == 5)
        }
    }
}

/// A probe with fixed answers, recording what it was asked.
final class FixedProbe: ServerInstanceProbe {
    let verdicts: [String: ServerInstanceVerdict]
    private let log = Mutex<[String]>([])

    init(verdicts: [String: ServerInstanceVerdict]) { self.verdicts = verdicts }

    var asked: [String] { log.withLock { $0 } }

    func verdict(on address: String, for instance: String) async -> ServerInstanceVerdict {
        log.withLock { $0.append(address) }
        return verdicts[address] ?? .unknown("not scripted")
    }
}
