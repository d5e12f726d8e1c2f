import AudioPolicy
import AudioSessionModel
import AudioSessionTesting
import Foundation
import Logging
import SoundServer
import Testing

@testable import AudioSessionAgent

/// A client's ancestors are read from `/proc` when it connects, so that the translation of its
/// first stream, on the way to the engine's reaction to it, reads none. Real processes: a shell
/// this test starts runs `sleep`, the stand-in for an app a speech module started through
/// `system()`; the shell ends after the sleeper's client connected, as such a shell may.
@Suite("Client ancestry read at connection")
struct ClientAncestryTests {
    static let instance = ServerInstance(rawValue: "pulse:ancestry:1")

    @Test("a stream's app has the ancestors its client had as it connected, through changes of the client; a reused client index reads them again")
    func ancestorsOfTheClientAsItConnected() async throws {
        try await withTemporaryDirectory { directory in
            let table = LinuxProcessTable()
            let recorder = PolicyCoordinatorTests.RecordingSink()
            let coordinator = PolicyCoordinator(
                engine: PolicyEngine(policy: Policy(roles: [.music: RoleBehavior(category: .playback)])), sinks: [recorder])
            let translator = GraphTranslator(
                table: ServerStreamTable(instance: Self.instance), modules: nil,
                resolver: StreamSessionResolver(processes: table), logger: Logger(label: "ancestry-test"))
            onTheServerLoop { translator.attach(to: coordinator) { _ in HeadphoneJackTranslationTests.IdleTimer() } }
            var graph = Graph(server: ServerInfo(name: "pulseaudio", version: "16.1", instance: Self.instance))
            onTheServerLoop { [graph] in translator.begin(with: graph) }

            func ancestors(of pid: Int32) -> [String] {
                var app = AppIdentity(processID: Int(pid))
                StreamAppIdentity.addAncestors(to: &app, from: table)
                return app.ancestorBinaries
            }
            func connect(_ index: UInt32, pid: Int32) {
                let client = SoundClient(index: index, name: "sleep", properties: ["application.process.id": "\(pid)"])
                graph.clients[index] = client
                onTheServerLoop { [graph] in _ = translator.handle(.clientAppeared(client), graph: graph) }
            }
            func appear(_ index: UInt32, client: UInt32, pid: Int32) -> AppIdentity? {
                let stream = SoundStream(
                    kind: .playback, index: index, name: "message \(index)", clientIndex: client, deviceIndex: nil,
                    properties: ["media.role": "music", "application.process.id": "\(pid)"])
                graph.sinkInputs[index] = stream
                onTheServerLoop { [graph] in _ = translator.handle(.streamAppeared(stream), graph: graph) }
                return recorder.appeared(ServerStreamRef(stream, instance: Self.instance).id)?.app
            }
            /// Connects a client for a new family's sleeper, then ends its shell: the sleeper goes
            /// to another parent. Returns the sleeper and its ancestors as the client connected.
            func connectAndOrphan(_ index: UInt32) async throws -> (sleeper: Int32, atConnection: [String]) {
                let family = try await LinuxProcessTableTests.Family.start(environment: [:], in: directory)
                let atConnection = ancestors(of: family.sleeper)
                connect(index, pid: family.sleeper)
                family.shell.kill()
                _ = await family.shell.waitForExit()
                try #require(ancestors(of: family.sleeper) != atConnection, "read now, the orphan's ancestors differ")
                return (family.sleeper, atConnection)
            }

            let first = try await connectAndOrphan(7)
            defer { kill(first.sleeper, SIGKILL) }
            #expect(first.atConnection.count == 3, "the shell, this test process and its parent: \(first.atConnection)")
            let app = try #require(appear(1, client: 7, pid: first.sleeper))
            #expect(app.ancestorBinaries == first.atConnection, "read as the client connected")
            #expect(app.evidence.ancestorBinaries == .claimed)

            // A change of the client's properties that names the same process reads nothing again.
            let before = try #require(graph.clients[7])
            var renamed = before
            renamed.properties["application.name"] = "Sleeper"
            graph.clients[7] = renamed
            onTheServerLoop { [graph] in _ = translator.handle(.clientChanged(old: before, new: renamed), graph: graph) }
            #expect(try #require(appear(2, client: 7, pid: first.sleeper)).ancestorBinaries == first.atConnection)

            // A stream that names another process than its client's is walked on its own.
            #expect(try #require(appear(3, client: 7, pid: getpid())).ancestorBinaries == ancestors(of: getpid()))

            // The client goes; a new one takes its index: its own process is read, not the old one's.
            graph.clients[7] = nil
            onTheServerLoop { [graph] in _ = translator.handle(.clientVanished(renamed), graph: graph) }
            let second = try await connectAndOrphan(7)
            defer { kill(second.sleeper, SIGKILL) }
            #expect(try #require(appear(4, client: 7, pid: second.sleeper)).ancestorBinaries == second.atConnection)
        }
    }
}
