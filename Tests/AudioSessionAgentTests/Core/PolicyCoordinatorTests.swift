import AudioPolicy
import AudioSessionAgent
import AudioSessionModel
import Synchronization
import Testing

/// The coordinator runs bus calls and server events through one engine and hands every event's
/// decisions to the sinks in the engine's order.
@Suite("Policy coordinator")
struct PolicyCoordinatorTests {
    /// A sink that keeps what it was asked to carry out.
    final class RecordingSink: DecisionSink {
        let received = Mutex<[(PolicyEvent, [PolicyDecision])]>([])
        func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
            received.withLock { $0.append((event, decisions)) }
        }
        var decisions: [PolicyDecision] { received.withLock { $0.flatMap(\.1) } }
        /// The last info the engine was told of stream `id` as it appeared.
        func appeared(_ id: StreamID) -> StreamInfo? {
            received.withLock { received in
                received.compactMap { event, _ -> StreamInfo? in
                    guard case .streamAppeared(let info) = event, info.id == id else { return nil }
                    return info
                }.last
            }
        }
    }

    @Test("a ducking session's calls and its prompt stream reach the sinks as one ordered decision list")
    func duckingThroughCalls() throws {
        let sink = RecordingSink()
        let coordinator = PolicyCoordinator(engine: PolicyEngine(policy: Policy()), sinks: [sink])
        let caller = BusCaller(uniqueName: ":1.7", processID: 7)
        coordinator.handle(.streamAppeared(StreamInfo(id: "music", direction: .playback, properties: ["media.role": "music"], isSounding: true)))

        let (session, _) = try coordinator.transact { registry in
            let session = try registry.register(SessionProperties(applicationID: "org.example.Maps"), from: caller)
            let configure = try registry.configure(
                session.id, by: caller.uniqueName, category: "playback", mode: "voice-prompt", options: ["duck-others"])
            return (session, [session.registrationEvent, configure, try registry.activate(session.id, by: caller.uniqueName)])
        }
        let duck = coordinator.handle(.streamAppeared(StreamInfo(id: "prompt", direction: .playback, session: session.id, isSounding: true)))

        #expect(duck.contains { if case .duck("music", _, _, _) = $0 { true } else { false } })
        #expect(sink.decisions.suffix(duck.count) == duck[...])
        #expect(coordinator.read { $0.engine.activity(of: session.id) } == .active)
    }

    @Test("a call from another connection is refused before any event reaches the engine")
    func accessDenied() throws {
        let sink = RecordingSink()
        let coordinator = PolicyCoordinator(engine: PolicyEngine(policy: Policy()), sinks: [sink])
        let owner = BusCaller(uniqueName: ":1.1")
        let (session, _) = try coordinator.transact { registry in
            let session = try registry.register(SessionProperties(), from: owner)
            return (session, [session.registrationEvent])
        }
        let eventsBefore = sink.received.withLock { $0.count }

        #expect(throws: SessionRegistryError.self) {
            _ = try coordinator.transact { registry in ((), [try registry.activate(session.id, by: ":1.2")]) }
        }
        #expect(sink.received.withLock { $0.count } == eventsBefore)
        #expect(coordinator.read { $0.engine.activity(of: session.id) } == .inactive)
    }
}
