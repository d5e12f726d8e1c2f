import AudioPolicy
import AudioSessionModel
import Foundation
import Logging
import SoundServer
import Testing

@testable import AudioSessionAgent

/// A client's ancestors are read from `/proc` when it connects, so that the translation of its
/// first stream, on the way to the engine's reaction to it, reads none.
@Suite("Client ancestry read at connection")
struct ClientAncestryTests {
    static let instance = ServerInstance(rawValue: "pulse:ancestry:1")

    /// A procfs of its own: `play` (300) ran by `sh` (200, the binary dash) ran by `sd_dummy` (100).
    final class FakeProc {
        let root = NSTemporaryDirectory() + "audiosession-proc-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

        init() throws {
            try process(300, name: "play", parent: 200, binary: "/usr/bin/play")
            try process(200, name: "sh", parent: 100, binary: "/usr/bin/dash")
            try process(100, name: "sd_dummy", parent: 1, binary: "/usr/lib/speech-dispatcher-modules/sd_dummy")
        }

        func process(_ pid: Int32, name: String, parent: Int32, binary: String) throws {
            let directory = "\(root)/\(pid)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try "\(pid) (\(name)) S \(parent) \(pid) \(pid) 0 -1\n".write(toFile: directory + "/stat", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: directory + "/exe", withDestinationPath: binary)
        }

        /// The process ends: its entry goes.
        func end(_ pid: Int32) throws { try FileManager.default.removeItem(atPath: "\(root)/\(pid)") }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test("a stream's app has the ancestors its client had as it connected, through changes of the client; a reused client index reads them again")
    func ancestorsOfTheClientAsItConnected() throws {
        let proc = try FakeProc()
        let recorder = PolicyCoordinatorTests.RecordingSink()
        let coordinator = PolicyCoordinator(
            engine: PolicyEngine(policy: Policy(roles: [.music: RoleBehavior(category: .playback)])), sinks: [recorder])
        let translator = GraphTranslator(
            table: ServerStreamTable(instance: Self.instance), modules: nil,
            resolver: StreamSessionResolver(processes: LinuxProcessTable(root: proc.root)), logger: Logger(label: "ancestry-test"))
        onTheServerLoop { translator.attach(to: coordinator) { _ in HeadphoneJackTranslationTests.IdleTimer() } }
        var graph = Graph(server: ServerInfo(name: "pulseaudio", version: "16.1", instance: Self.instance))
        onTheServerLoop { [graph] in translator.begin(with: graph) }

        func connect(_ index: UInt32, pid: Int32) {
            let client = SoundClient(index: index, name: "play", properties: ["application.process.id": "\(pid)"])
            graph.clients[index] = client
            onTheServerLoop { [graph] in _ = translator.handle(.clientAppeared(client), graph: graph) }
        }
        func appear(_ index: UInt32, client: UInt32, pid: Int32) -> AppIdentity? {
            let stream = SoundStream(
                kind: .playback, index: index, name: "message \(index)", clientIndex: client, deviceIndex: nil,
                properties: ["media.role": "music", "application.process.id": "\(pid)"])
            graph.sinkInputs[index] = stream
            onTheServerLoop { [graph] in _ = translator.handle(.streamAppeared(stream), graph: graph) }
            let id = ServerStreamRef(stream, instance: Self.instance).id
            return recorder.appeared(id)?.app
        }

        connect(7, pid: 300)
        // The shell that ran play (and the module above it) are gone by the time the stream appears.
        try proc.end(200)
        try proc.end(100)
        let first = try #require(appear(1, client: 7, pid: 300))
        #expect(first.ancestorBinaries == ["dash", "sd_dummy"], "read as the client connected")
        #expect(first.evidence.ancestorBinaries == .claimed)

        // A change of the client's properties that names the same process reads nothing again.
        let renamed = SoundClient(index: 7, name: "play", properties: ["application.process.id": "300", "application.name": "Play"])
        let before = try #require(graph.clients[7])
        graph.clients[7] = renamed
        onTheServerLoop { [graph] in _ = translator.handle(.clientChanged(old: before, new: renamed), graph: graph) }
        #expect(try #require(appear(4, client: 7, pid: 300)).ancestorBinaries == ["dash", "sd_dummy"])

        // A stream that names another process than its client's is walked on its own.
        try proc.process(400, name: "paplay", parent: 100, binary: "/usr/bin/paplay")
        try proc.process(100, name: "sd_dummy", parent: 1, binary: "/usr/lib/speech-dispatcher-modules/sd_dummy")
        #expect(try #require(appear(2, client: 7, pid: 400)).ancestorBinaries == ["sd_dummy"])

        // The client goes; a new one takes its index: its own process is read, not the old one's.
        let gone = try #require(graph.clients[7])
        graph.clients[7] = nil
        onTheServerLoop { [graph] in _ = translator.handle(.clientVanished(gone), graph: graph) }
        try proc.process(500, name: "mpv", parent: 400, binary: "/usr/bin/mpv")
        connect(7, pid: 500)
        try proc.end(400)
        #expect(try #require(appear(3, client: 7, pid: 500)).ancestorBinaries == ["paplay", "sd_dummy"])
    }
}
