public import AudioPolicy
import Synchronization

/// Where one server connection's agent plugs into a ``PolicyCoordinator`` that outlives the
/// connection, so sessions, their configuration and activity survive the sound server going
/// away; and how a new connection is made when the server is back (``connect(serving:)``, which
/// ``ReconnectingAgentService`` calls). ``PulseServerSeat`` and ``PipeWireServerSeat`` are the
/// seats of the two protocols.
///
/// The seat is the coordinator's ``OuterLock`` (the seated connection's loop lock; a plain lock
/// while no server is connected) and its first ``DecisionSink`` (the seated agent's session
/// watcher and enforcer; nothing while no server is connected).
///
/// Changing the occupant keeps every holder of the outer lock consistent: a connection leaves
/// the seat only while its loop lock is held, and one arrives only while the vacancy lock is
/// held; ``withLock(_:)`` checks again, once it holds a lock, that it is still the right one.
///
/// ```swift
/// let seat = PipeWireServerSeat(configuration: PipeWireAgentConfiguration(journalDirectory: try .runtime()))
/// let coordinator = PolicyCoordinator(
///     engine: PolicyEngine(policy: policy), sinks: [seat, notifier], outerLock: seat, clock: seat.makeClock())
/// let agent = try await seat.connect(serving: coordinator)
/// ```
public final class ServerSeat<Agent: SeatedAgent>: OuterLock, DecisionSink {
    private struct Occupant: Sendable {
        let connection: any SeatedConnection
        let sinks: [any LoopDecisionSink]
        /// Fires at the loop's next turn to run ``ServerSeat/laterJobs``.
        let nextTurn: any LoopTimer
    }

    /// How each connection's agent reaches the server and keeps its journal.
    public let configuration: Agent.Configuration
    private let occupant = Mutex<Occupant?>(nil)
    /// Held by callers of ``withLock(_:)`` while no connection is seated, and while one arrives.
    private let vacancy = Mutex(())
    /// What an agent that lost its server left for the next agent in the seat (its protocol's business).
    private let handedOver = Mutex<(any Sendable)?>(nil)
    /// What ``afterLoopTurn(_:)`` was given and has not run yet, oldest first.
    private let laterJobs = Mutex<[@Sendable () -> Void]>([])

    /// An empty seat whose agents use `configuration`.
    public init(configuration: Agent.Configuration) {
        self.configuration = configuration
    }

    /// A clock for a coordinator served from this seat (its ``PolicyCoordinator/clock``): the
    /// agent's monotonic time where the agent wakes the engine for its deadlines, else `nil`.
    public func makeClock() -> (any AgentClock)? { Agent.makeClock() }

    /// Whether a connection is seated.
    public var isOccupied: Bool { occupant.withLock { $0 != nil } }

    /// Connects to the server and starts an agent in this (empty) seat serving `coordinator`, which
    /// must have the seat as its outer lock and first decision sink. The agent discards journals of
    /// server instances that are gone, undoes what a crashed agent left on this instance after the
    /// grace period, and applies the policy in force to the graph it finds.
    ///
    /// - Throws: ``AgentError`` when the server cannot be reached or the journal cannot be opened.
    public func connect(serving coordinator: PolicyCoordinator) async throws(AgentError) -> Agent {
        try await Agent.start(in: self, coordinator: coordinator)
    }

    /// Runs `body` holding the seated connection's loop lock (directly on its loop thread), or the
    /// vacancy lock while no connection is seated.
    public func withLock<Result>(_ body: () -> Result) -> Result {
        while true {
            var result: Result?
            var ran = false
            if let connection = occupant.withLock({ $0?.connection }) {
                connection.withLoopLockHeld {
                    guard occupant.withLock({ $0?.connection === connection }) else { return }
                    result = body()
                    ran = true
                }
            } else {
                vacancy.withLock { _ in
                    guard occupant.withLock({ $0 == nil }) else { return }
                    result = body()
                    ran = true
                }
            }
            // The occupant changed between the look and the lock: look again.
            if ran, let result { return result }
        }
    }

    /// Runs `job` on the seated connection's loop thread at its next turn, once the commands issued
    /// in this one have been written; with no connection seated, at once. Call holding the lock
    /// (``withLock(_:)``, or on the loop thread): the occupant cannot change meanwhile.
    public func afterLoopTurn(_ job: @escaping @Sendable () -> Void) {
        guard let nextTurn = occupant.withLock({ $0?.nextTurn }) else { return job() }
        let isFirst = laterJobs.withLock { jobs in
            jobs.append(job)
            return jobs.count == 1
        }
        if isFirst { nextTurn.arm(after: .zero) }
    }

    public func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
        let sinks = occupant.withLock { $0?.sinks ?? [] }
        // The coordinator decides under this seat's lock: a seated connection's loop lock, which
        // is the sinks' isolation. While no connection is seated there are no sinks to call.
        guard !sinks.isEmpty else { return }
        ServerLoopActor.assumeIsolated {
            for sink in sinks { sink.carryOut(decisions, after: event, in: view) }
        }
    }

    /// Seats `connection` with the sinks that carry decisions out on it; call without holding its
    /// loop lock. A connection still seated is unseated first.
    func seat(_ connection: any SeatedConnection, sinks: [any LoopDecisionSink]) {
        if let previous = occupant.withLock({ $0?.connection }) { unseat(previous) }
        let nextTurn = connection.makeSeatTimer { [weak self] in self?.runLaterJobs() }
        vacancy.withLock { _ in
            occupant.withLock { $0 = Occupant(connection: connection, sinks: sinks, nextTurn: nextTurn) }
        }
    }

    /// Runs the jobs ``afterLoopTurn(_:)`` queued, oldest first.
    private func runLaterJobs() {
        let jobs = laterJobs.withLock { jobs in
            defer { jobs = [] }
            return jobs
        }
        for job in jobs { job() }
    }

    /// Leaves `value` for the next agent to take the seat (an agent that lost its server calls this).
    func handOver(_ value: any Sendable) {
        handedOver.withLock { $0 = value }
    }

    /// What the previous agent left with ``handOver(_:)``, once; `nil` when it left nothing.
    func takeHandedOver() -> (any Sendable)? {
        handedOver.withLock { value in
            defer { value = nil }
            return value
        }
    }

    /// Empties the seat if `connection` holds it; decisions then reach no server until the next
    /// ``seat(_:sinks:)``.
    func unseat(_ connection: any SeatedConnection) {
        let left = connection.withSeatLocked {
            occupant.withLock { seated -> Occupant? in
                guard let occupant = seated, occupant.connection === connection else { return nil }
                seated = nil
                return occupant
            }
        }
        guard let left else { return }
        // Its loop turns no more for the seat: what was to run after one runs now.
        left.nextTurn.cancel()
        runLaterJobs()
    }
}
