import AudioPolicy
import AudioSessionModel
import Logging
import SoundServer
import Synchronization
import Testing

@testable import AudioSessionAgent

/// Streams that carry a session token count against their session's app
/// (``SessionLimits/taggedStreamsPerApp``): beyond the limit they take part without the session.
@Suite("Tagged streams per app are bounded")
struct TaggedStreamLimitTests {
    static let instance = ServerInstance(rawValue: "pulse:tagged:1")

    @Test func theLedgerRefusesBeyondTheLimitReportsOnceAndFreesPlaces() {
        let maps = AppAccount(BusCaller(uniqueName: ":1.1", processBinary: "maps"))
        let game = AppAccount(BusCaller(uniqueName: ":1.2", flatpakID: "org.example.Game"))
        var ledger = TaggedStreamLedger(limit: 2)
        #expect(ledger.admit("1", to: maps) == .joined)
        #expect(ledger.admit("2", to: maps) == .joined)
        #expect(ledger.admit("1", to: maps) == .joined, "a stream already joined stays joined")
        #expect(ledger.admit("3", to: maps) == .refused(firstTime: true))
        #expect(ledger.admit("4", to: maps) == .refused(firstTime: false), "reported once")
        #expect(ledger.admit("5", to: game) == .joined, "another app has its own limit")
        ledger.release("1")
        #expect(ledger.count(of: maps) == 1)
        #expect(ledger.admit("3", to: maps) == .joined)
        #expect(ledger.admit("4", to: maps) == .refused(firstTime: true), "under the limit again, then over: news again")
    }

    /// The translator as the agent wires it, over a coordinator whose apps may tag two streams.
    @Test func aThirdTaggedStreamOfOneAppIsNotJoinedToItsSession() throws {
        let recorder = PolicyCoordinatorTests.RecordingSink()
        let policy = Policy(roles: [.music: RoleBehavior(category: .playback)])
        let coordinator = PolicyCoordinator(
            engine: PolicyEngine(policy: policy),
            limits: SessionLimits(perConnection: 4, perApp: 4, total: 8, taggedStreamsPerApp: 2), sinks: [recorder])
        let caller = BusCaller(uniqueName: ":1.7", processID: 7, processBinary: "player")
        let (session, _) = try coordinator.transact { registry in
            // A bearer token: these streams come from test clients that show no client nonce.
            let session = try registry.register(SessionProperties(applicationID: "org.example.Player", tokenUse: .bearer), from: caller)
            return (session, [session.registrationEvent])
        }
        let translator = GraphTranslator(
            table: ServerStreamTable(instance: Self.instance),
            modules: nil, resolver: StreamSessionResolver(processes: LinuxProcessTable()), logger: Logger(label: "tagged-test"))
        onTheServerLoop { translator.attach(to: coordinator) { _ in HeadphoneJackTranslationTests.IdleTimer() } }
        var graph = Graph(
            server: ServerInfo(name: "pulseaudio", version: "16.1", instance: Self.instance),
            clients: [3: SoundClient(index: 3, name: "Player")])
        onTheServerLoop { [graph] in translator.begin(with: graph) }

        func tagged(_ index: UInt32) -> SoundStream {
            SoundStream(
                kind: .playback, index: index, name: "song \(index)", clientIndex: 3, deviceIndex: nil,
                properties: ["media.role": "music", StreamSessionResolver<LinuxProcessTable>.tokenProperty: session.token.rawValue])
        }
        func appear(_ stream: SoundStream) -> StreamInfo? {
            graph.sinkInputs[stream.index] = stream
            onTheServerLoop { [graph] in _ = translator.handle(.streamAppeared(stream), graph: graph) }
            let id = ServerStreamRef(stream, instance: Self.instance).id
            return recorder.appeared(id)
        }
        #expect(try #require(appear(tagged(1))).session == session.id)
        #expect(try #require(appear(tagged(2))).session == session.id)
        #expect(try #require(appear(tagged(3))).session == nil, "beyond the limit: no session")

        // One of the app's tagged streams ends: the next one joins again.
        let first = tagged(1)
        graph.sinkInputs[1] = nil
        onTheServerLoop { [graph] in _ = translator.handle(.streamVanished(first), graph: graph) }
        #expect(try #require(appear(tagged(4))).session == session.id)
    }
}
