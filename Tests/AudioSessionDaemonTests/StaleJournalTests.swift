import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Testing

/// Journals under `$XDG_RUNTIME_DIR/audiosession` of server instances that no longer exist are
/// discarded by a starting `audiosessiond` (docs/agent-pulse.md, *Stale journals*); journals of
/// instances that still answer, and journals that cannot be judged, are kept.
@Suite("audiosessiond discards stale journals", .serialized, .timeLimit(.minutes(3)))
struct StaleJournalTests {
    @Test("at start: a dead instance's journal and an old instance's at the same socket go; a live other server's and an address-less one stay")
    func discardsStaleJournals() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let other = try await PrivatePulseAudio.start(.minimal)
        defer { other.stop() }
        let gone = try await PrivatePulseAudio.start(.minimal)
        defer { gone.stop() }
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let binary = try DaemonBinary()
        defer { binary.cleanUp() }
        let client = DaemonClient(connection: try BusConnection(address: bus.address))
        defer { client.connection.close() }

        let directory = JournalDirectory(path: binary.scratch + "/runtime/audiosession")
        func leaveJournal(instance: String, address: String?) throws {
            let journal = try Journal.open(serverInstance: instance, serverAddress: address, in: directory)
            try journal.record(.duck(7, base: .streamVolume(StreamVolume([65536, 65536])), level: 0.3))
            journal.close()
        }
        let goneInstance = try await Self.instance(of: gone)
        try leaveJournal(instance: goneInstance, address: gone.serverAddress)
        gone.stop()  // that instance is gone for good: nothing listens at its socket
        let otherInstance = try await Self.instance(of: other)
        try leaveJournal(instance: otherInstance, address: other.serverAddress)
        try leaveJournal(instance: "pulseaudio-earlier-0", address: pulse.serverAddress)
        try leaveJournal(instance: "pulseaudio-unknown-0", address: nil)

        let daemon = try binary.spawn([], bus: bus, pulse: pulse)
        defer { daemon.kill() }
        try await waitUntil("audiosessiond owns its name", timeout: .seconds(20)) {
            guard daemon.isRunning else { throw DaemonExited(output: daemon.standardError) }
            return await client.agentOwner() != nil
        }
        let left = Set(try directory.serverInstances())
        let current = try await Self.instance(of: pulse)
        #expect(!left.contains(goneInstance), "the journal of a server that no longer runs is discarded")
        #expect(!left.contains("pulseaudio-earlier-0"), "another instance now serves that socket")
        #expect(left.contains(otherInstance), "the live other server keeps its journal")
        #expect(left.contains("pulseaudio-unknown-0"), "a journal without an address cannot be judged: kept")
        #expect(left.contains(current), "the agent's own journal")
        let own = try directory.recordedServers().first { $0.instance == current }
        #expect(own?.address == pulse.serverAddress, "the agent records where its server listens: \(String(describing: own))")
        let discarded = daemon.standardError.components(separatedBy: "discarded the journal of a server instance that no longer exists")
        #expect(discarded.count - 1 == 2, "one log line per discarded journal:\n\(daemon.standardError)")
        #expect(daemon.standardError.contains("nothing listens at \(gone.serverAddress)"), "\(daemon.standardError)")

        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
    }

    /// The instance the agent keys `server`'s journal by.
    static func instance(of server: any PulseProtocolServer) async throws -> String {
        let connection = try await PulseConnection.connect(server: server.serverAddress)
        defer { connection.disconnect() }
        return try await connection.serverInfo().instance.rawValue
    }
}
