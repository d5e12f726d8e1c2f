import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Synchronization
import Testing

/// libpulse's ext-stream-restore API through the backend, on Debian's stock configuration (the
/// only one that loads module-stream-restore) and on the minimal one (which does not).
@Suite("Pulse stream-restore access", .serialized)
struct PulseStreamRestoreTests {
    @Test("without module-stream-restore the calls fail with no-such-extension")
    func missingExtension() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let error = await #expect(throws: PulseError.self) { _ = try await connection.streamRestoreEntries() }
        #expect(error?.code == .noExtension, "\(String(describing: error))")
    }

    @Test("a saved volume change arrives through the change subscription; merge adds, replace overwrites")
    func changesAndMerge() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        var changes = try await connection.streamRestoreChanges().makeAsyncIterator()

        let tone = try ToneFile.sine(frequency: 440, seconds: 30, amplitude: 0.2, in: pulse.directory, name: "game.wav")
        let player = try pulse.spawn("paplay", ["--property=media.role=game", tone])
        defer { player.kill() }
        let stream = try await waitForValue("the game stream") {
            try await connection.sinkInputs().first { $0.role == "game" }
        }
        _ = try await pulse.pactl("set-sink-input-volume", String(stream.index), "45%")

        var saved: StreamRestoreEntry?
        while saved == nil, let entries = await changes.next() {
            saved = entries.first { $0.name == "sink-input-by-media-role:game" && $0.volume?.maximum.percent.rounded() == 45 }
        }
        let entry = try #require(saved)
        #expect(entry.deviceName == nil || entry.deviceName == "speaker")

        var muted = entry
        muted.isMuted = true
        try await connection.writeStreamRestoreEntries([muted], mode: .merge)
        var reread = try await connection.streamRestoreEntries().first { $0.name == entry.name }
        #expect(reread == entry, "merge leaves an existing entry as it was")
        try await connection.writeStreamRestoreEntries([muted], mode: .replace)
        reread = try await connection.streamRestoreEntries().first { $0.name == entry.name }
        #expect(reread == muted, "replace overwrites it")

        var added = entry
        added.name = "sink-input-by-media-role:audiosession-test"
        try await connection.writeStreamRestoreEntries([added], mode: .merge)
        let names = try await connection.streamRestoreEntries().map(\.name)
        #expect(names.contains(added.name), "merge adds an entry with a new name")
    }

    @Test("a follower hears each change on the loop thread until it stops; without the module it fails with no-such-extension")
    func follower() async throws {
        let minimal = try await PrivatePulseAudio.start(.minimal)
        defer { minimal.stop() }
        let bare = try await PulseConnection.connect(server: minimal.serverAddress)
        defer { bare.disconnect() }
        let error = await #expect(throws: PulseError.self) { _ = try await PulseStreamRestoreFollower.start(on: bare) {} }
        #expect(error?.code == .noExtension, "\(String(describing: error))")

        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let heard = Mutex<[Bool]>([])
        let follower = try await PulseStreamRestoreFollower.start(on: connection) {
            heard.withLock { $0.append(ServerLoopThreads.isInsideALoop) }
        }
        let entry = StreamRestoreEntry(
            name: "sink-input-by-media-role:audiosession-test", channelMap: ChannelMap([.frontLeft, .frontRight]),
            volume: ChannelVolumes(repeating: .normal, count: 2))
        try await connection.writeStreamRestoreEntries([entry], mode: .replace)
        try await waitUntil("the follower heard the write") { heard.withLock { !$0.isEmpty } }
        #expect(heard.withLock { $0.allSatisfy { $0 } }, "on the loop thread")

        follower.stop()
        let before = heard.withLock { $0.count }
        var muted = entry
        muted.isMuted = true
        try await connection.writeStreamRestoreEntries([muted], mode: .replace)
        // A write answered after the change's notice: the notice of this one has arrived too.
        #expect(try await connection.streamRestoreEntries().first { $0.name == entry.name }?.isMuted == true)
        #expect(heard.withLock { $0.count } == before, "nothing after stop()")
    }
}
