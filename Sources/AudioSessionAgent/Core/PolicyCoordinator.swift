public import AudioPolicy
import Synchronization

/// The one place the agent's policy state lives: the session registry and the engine, behind one
/// lock, with the sinks that carry decisions out.
///
/// Every change goes through ``transact(_:)`` (bus calls: register, configure, activate, ...) or
/// ``handle(_:)`` (server events: streams, devices; time; policy reloads). Each event's decisions
/// are handed to every ``DecisionSink`` before the lock is released, so the enforcer and the
/// notifier see decisions in the engine's order whatever thread the event came from. What the
/// sinks queue (the notifier's signals) is sent once the event's server commands are out: at
/// the end of ``transact(_:)`` and ``handle(_:)``, and at the loop's next turn after
/// ``handleOnLoop(_:)``.
///
/// Lock order: a backend's loop thread calls ``handleOnLoop(_:)`` while holding its loop lock;
/// every other entry point takes the ``OuterLock`` (that loop lock) first, so the two locks are
/// always taken loop first, coordinator second.
///
/// ```swift
/// let coordinator = PolicyCoordinator(engine: PolicyEngine(policy: policy), sinks: [enforcer, notifier])
/// let caller = BusCaller(uniqueName: ":1.42", processID: 4242, userID: 1000)
/// let (session, _) = try coordinator.transact { registry in
///     let session = try registry.register(SessionProperties(applicationID: "org.example.Maps"), from: caller)
///     return (session, [session.registrationEvent])
/// }
/// coordinator.handle(.streamVanished("pulse:17"))
/// ```
public final class PolicyCoordinator: Sendable {
    private struct State: Sendable {
        var registry: SessionRegistry
        var engine: PolicyEngine
        var view: PolicyView { PolicyView(registry: registry, engine: engine) }
    }

    private let state: Mutex<State>
    private let sinks: [any DecisionSink]
    private let outerLock: any OuterLock
    /// Whether events handled on the loop left queued work whose sending is already scheduled.
    private let sendingOwed = Mutex(false)
    /// The agent's time, if it keeps one: each event is preceded by `timePassed` with its reading.
    public let clock: (any AgentClock)?

    /// Creates a coordinator over `engine` and an empty registry bounded by `limits`.
    ///
    /// - Parameters:
    ///   - outerLock: the backend's loop lock, taken before the coordinator's own by every entry
    ///     point but ``handleOnLoop(_:)``.
    ///   - clock: the agent's time; with one, the engine learns the time before every event, so
    ///     what it starts (an unplug hold) is dated. `nil`: time comes only in `timePassed` events.
    public init(
        engine: PolicyEngine, limits: SessionLimits = .standard, sinks: [any DecisionSink],
        outerLock: any OuterLock = NoOuterLock(), clock: (any AgentClock)? = nil
    ) {
        self.state = Mutex(State(registry: SessionRegistry(limits: limits), engine: engine))
        self.sinks = sinks
        self.outerLock = outerLock
        self.clock = clock
    }

    /// Runs `body` on the registry; the engine then handles the events it returns, in order, and
    /// the sinks carry out each event's decisions. Returns `body`'s result and all decisions.
    ///
    /// When `body` throws, the registry keeps whatever `body` changed before throwing (registry
    /// methods change nothing when they throw) and no event is handled.
    public func transact<Result: Sendable, Failure: Error>(
        _ body: (inout SessionRegistry) throws(Failure) -> (Result, [PolicyEvent])
    ) throws(Failure) -> (Result, [PolicyDecision]) {
        let outcome = outerLock.withLock {
            state.withLock { (state: inout State) -> Swift.Result<(Result, [PolicyDecision]), Failure> in
                let result: Result
                let events: [PolicyEvent]
                do throws(Failure) {
                    (result, events) = try body(&state.registry)
                } catch {
                    return .failure(error)
                }
                var decisions: [PolicyDecision] = []
                for event in events {
                    decisions += Self.apply(event, to: &state, sinks: sinks, clock: clock)
                }
                return .success((result, decisions))
            }
        }
        sendQueued()
        return try outcome.get()
    }

    /// Handles one event that does not come from a session's app (a device, time, a new policy)
    /// and has the sinks carry out its decisions. Returns the decisions.
    ///
    /// Takes the outer lock first; from the backend's loop thread use ``handleOnLoop(_:)``.
    @discardableResult
    public func handle(_ event: PolicyEvent) -> [PolicyDecision] {
        let decisions = outerLock.withLock {
            state.withLock { state in Self.apply(event, to: &state, sinks: sinks, clock: clock) }
        }
        sendQueued()
        return decisions
    }

    /// ``handle(_:)`` for a caller that already holds the outer lock: the backend's loop thread,
    /// reacting to a server event without a hop. What the sinks queued (signals) is sent at the
    /// loop's next turn, after the server commands this event issued have left.
    @discardableResult
    public func handleOnLoop(_ event: PolicyEvent) -> [PolicyDecision] {
        let decisions = state.withLock { state in Self.apply(event, to: &state, sinks: sinks, clock: clock) }
        let isFirstSince = sendingOwed.withLock { owed in
            defer { owed = true }
            return !owed
        }
        if isFirstSince { outerLock.afterLoopTurn { [weak self] in self?.sendQueued() } }
        return decisions
    }

    /// Reads the current state (takes the outer lock first).
    public func read<Result>(_ body: (PolicyView) -> Result) -> Result {
        outerLock.withLock { readOnLoop(body) }
    }

    /// ``read(_:)`` for a caller that already holds the outer lock.
    public func readOnLoop<Result>(_ body: (PolicyView) -> Result) -> Result {
        state.withLock { state in body(state.view) }
    }

    /// Lets the engine see the clock's time: ``PolicyDeadlineTimer`` calls this on the loop
    /// thread when the engine's next deadline is due. Returns the decisions.
    @discardableResult
    public func advanceTimeOnLoop() -> [PolicyDecision] {
        guard let clock else { return [] }
        return handleOnLoop(.timePassed(milliseconds: clock.milliseconds))
    }

    /// Has every sink send what it queued.
    private func sendQueued() {
        sendingOwed.withLock { $0 = false }
        for sink in sinks { sink.sendQueued() }
    }

    private static func apply(
        _ event: PolicyEvent, to state: inout State, sinks: [any DecisionSink], clock: (any AgentClock)?
    ) -> [PolicyDecision] {
        var earlier: [PolicyDecision] = []
        if let clock, !event.isTimePassed {
            // Usually nothing is due and no sink needs to hear of it: the event's own decisions follow.
            let tick = PolicyEvent.timePassed(milliseconds: clock.milliseconds)
            earlier = handleOne(tick, in: &state, sinks: sinks, quietWhenEmpty: true)
        }
        return earlier + handleOne(event, in: &state, sinks: sinks, quietWhenEmpty: false)
    }

    private static func handleOne(
        _ event: PolicyEvent, in state: inout State, sinks: [any DecisionSink], quietWhenEmpty: Bool
    ) -> [PolicyDecision] {
        let decisions = state.engine.handle(event)
        guard !sinks.isEmpty, !(quietWhenEmpty && decisions.isEmpty) else { return decisions }
        let view = state.view
        for sink in sinks { sink.carryOut(decisions, after: event, in: view) }
        return decisions
    }
}

extension PolicyEvent {
    fileprivate var isTimePassed: Bool {
        if case .timePassed = self { true } else { false }
    }
}
