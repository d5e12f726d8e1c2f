import AudioPolicy
import AudioSessionModel

/// The engine's share of the activation round trip `scripts/bench.d/activator.c` measures on the
/// bus: `sessionCount` sessions registered, session 0 an active `playback` session, session 1 a
/// `playback` session that activates (interrupting session 0), the rest active `ambient` sessions
/// (mixable: weighed on every activation, interrupted never). A cycle is session 1 activating,
/// deactivating with notify-others, and session 0 activating again, as between the activator's samples.
struct ActivationWorkload {
    let sessionCount: Int
    private var engine: PolicyEngine

    private static let holder: SessionID = "session-0"
    private static let activator: SessionID = "session-1"

    init(sessionCount: Int, policy: Policy) {
        self.sessionCount = sessionCount
        var engine = PolicyEngine(policy: policy)
        let playback = SessionConfiguration(unchecked: .playback, mode: .default, options: [])
        let ambient = SessionConfiguration(unchecked: .ambient, mode: .default, options: [])
        for index in 0..<sessionCount {
            let id = SessionID("session-\(index)")
            _ = engine.handle(.sessionRegistered(id, app: AppIdentity(applicationID: "org.example.App\(index)")))
            _ = engine.handle(.sessionConfigured(id, index < 2 ? playback : ambient))
            if index != 1 { _ = engine.handle(.sessionActivated(id)) }
        }
        self.engine = engine
    }

    /// The events of one cycle; with one session it activates and deactivates alone.
    private var cycle: [PolicyEvent] {
        guard sessionCount > 1 else {
            return [.sessionActivated(Self.holder), .sessionDeactivated(Self.holder, notifyOthers: true)]
        }
        return [
            .sessionActivated(Self.activator),
            .sessionDeactivated(Self.activator, notifyOthers: true),
            .sessionActivated(Self.holder),
        ]
    }

    /// Runs whole cycles until the budget is spent, timing only the engine's `handle` calls.
    mutating func measure(_ budget: MeasuringBudget) -> ActivationMeasurement {
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        var events = 0
        var decisions = 0
        var cycles = 0
        let batch = cycle
        while !budget.isSpent(elapsed: elapsed, cycles: cycles) {
            let start = clock.now
            for event in batch {
                decisions &+= engine.handle(event).count
            }
            elapsed += clock.now - start
            events += batch.count
            cycles += 1
        }
        return ActivationMeasurement(sessionCount: sessionCount, events: events, decisions: decisions, elapsed: elapsed)
    }
}
