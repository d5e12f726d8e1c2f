import AudioPolicy
import AudioSessionAgent
import AudioSessionModel
import Synchronization
import Testing

/// What sinks queue (the notifier's signals) leaves after the event's server commands: at the
/// loop's next turn for events handled on the loop, before returning for bus calls.
@Suite("Policy coordinator: sending what sinks queued")
struct PolicyCoordinatorSendingTests {
    /// A sink that queues one entry per event and logs when it is asked to send them.
    final class QueueingSink: DecisionSink {
        private let state = Mutex<(queued: Int, sends: [Int])>((0, []))
        func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
            state.withLock { $0.queued += 1 }
        }
        func sendQueued() {
            state.withLock { state in
                state.sends.append(state.queued)
                state.queued = 0
            }
        }
        /// How many entries each send carried, in order.
        var sends: [Int] { state.withLock { $0.sends } }
    }

    /// A loop lock whose "next turn" comes when the test says so.
    final class ManualTurnLock: OuterLock {
        private let jobs = Mutex<[@Sendable () -> Void]>([])
        func withLock<Result>(_ body: () -> Result) -> Result { body() }
        func afterLoopTurn(_ job: @escaping @Sendable () -> Void) { jobs.withLock { $0.append(job) } }
        var waiting: Int { jobs.withLock { $0.count } }
        /// Ends the loop's turn: runs what waited for it.
        func turn() {
            let due = jobs.withLock { jobs in
                defer { jobs = [] }
                return jobs
            }
            for job in due { job() }
        }
    }

    private static func music(_ id: String) -> PolicyEvent {
        .streamAppeared(StreamInfo(id: StreamID(id), direction: .playback, properties: ["media.role": "music"], isSounding: true))
    }

    @Test("events handled on the loop send nothing until the turn ends, then everything in one send")
    func loopEventsWaitForTheTurn() {
        let sink = QueueingSink()
        let lock = ManualTurnLock()
        let coordinator = PolicyCoordinator(engine: PolicyEngine(policy: Policy()), sinks: [sink], outerLock: lock)

        coordinator.handleOnLoop(Self.music("a"))
        coordinator.handleOnLoop(Self.music("b"))
        #expect(sink.sends.isEmpty)
        #expect(lock.waiting == 1, "one send is owed for the whole turn")

        lock.turn()
        #expect(sink.sends == [2])
        coordinator.handleOnLoop(Self.music("c"))
        #expect(lock.waiting == 1, "a later turn owes its own send")
        lock.turn()
        #expect(sink.sends == [2, 1])
    }

    @Test("a bus call sends before it returns, taking along what the loop still owed")
    func busCallsSendAtOnce() throws {
        let sink = QueueingSink()
        let lock = ManualTurnLock()
        let coordinator = PolicyCoordinator(engine: PolicyEngine(policy: Policy()), sinks: [sink], outerLock: lock)
        coordinator.handleOnLoop(Self.music("a"))

        let caller = BusCaller(uniqueName: ":1.7", processID: 7)
        _ = try coordinator.transact { registry in
            let session = try registry.register(SessionProperties(applicationID: "org.example.Maps"), from: caller)
            return (session, [session.registrationEvent])
        }
        #expect(sink.sends == [2], "the loop's queued entry leaves first, in the same send")
        coordinator.handle(Self.music("b"))
        #expect(sink.sends == [2, 1])
        lock.turn()
        #expect(sink.sends == [2, 1, 0], "the owed turn finds nothing left")
    }
}
