import AudioPolicy
import Synchronization

/// Wakes the engine when something it started runs out of time (an unplug hold under the
/// policy's `unplug-silence-ms`), on the connection's loop thread.
///
/// A decision sink: after every event it reads the engine's ``PolicyEngine/nextDeadline`` and
/// arms one loop timer for it. Nothing is polled: while no deadline is pending the timer stays
/// unarmed and an idle agent does not wake up. When the timer fires, the coordinator hands the
/// engine a `timePassed` event with the clock's reading (``PolicyCoordinator/advanceTimeOnLoop()``).
///
/// ```swift
/// let timer = PolicyDeadlineTimer(clock: clock) { PulseLoopTimer.onLoop(of: connection, $0) }
/// timer.attach(to: coordinator)
/// seat.seat(connection, sinks: [enforcer, timer])
/// // ... when the agent stops
/// timer.cancel()
/// ```
nonisolated final class PolicyDeadlineTimer: LoopDecisionSink {
    private let clock: any AgentClock
    private let timer: any LoopTimer
    /// The engine deadline the timer is armed for, to leave an armed timer alone.
    private let armedFor = ArmedDeadline()
    /// The coordinator whose engine the timer wakes.
    private let target = DeadlineTarget()

    /// A timer on any backend's loop (`makeTimer` makes a one-shot loop timer with the given
    /// action), for an agent whose coordinator is made after its sinks, this among them: it wakes
    /// nothing until ``attach(to:)``.
    ///
    /// ```swift
    /// let deadlines = PolicyDeadlineTimer(clock: clock) { PipeWireLoopTimer.onLoop(of: connection, $0) }
    /// let coordinator = PolicyCoordinator(engine: engine, sinks: [enforcer, deadlines], clock: clock)
    /// deadlines.attach(to: coordinator)
    /// ```
    init(clock: any AgentClock, makeTimer: (@escaping @ServerLoopActor @Sendable () -> Void) -> any LoopTimer) {
        self.clock = clock
        let armedFor = self.armedFor
        let target = self.target
        self.timer = makeTimer {
            armedFor.deadline.withLock { $0 = nil }
            target.coordinator?.advanceTimeOnLoop()
        }
    }

    /// The coordinator the timer wakes (for a timer made with ``init(clock:makeTimer:)``).
    func attach(to coordinator: PolicyCoordinator) {
        target.coordinator = coordinator
    }

    func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
        guard let deadline = view.engine.nextDeadline else { return }
        let isNew = armedFor.deadline.withLock { armed in
            defer { armed = deadline }
            return armed != deadline
        }
        guard isNew else { return }
        // The engine's time and the clock's share their origin; a deadline already past fires at once.
        // One millisecond late rather than early, so a firing always finds the deadline due.
        let delay = max(0, deadline - clock.milliseconds) + 1
        timer.arm(after: .milliseconds(delay))
    }

    /// Stops the timer for good: the agent is stopping.
    func cancel() {
        timer.cancel()
    }
}

/// Shared by the timer and its firing action, which cannot capture the timer being made.
private final class ArmedDeadline: Sendable {
    let deadline = Mutex<Int?>(nil)
}

/// The coordinator a timer made before it wakes, held weakly: the coordinator holds its sinks.
private final class DeadlineTarget: Sendable {
    private struct Weak: Sendable {
        weak var value: PolicyCoordinator?
    }

    private let reference = Mutex(Weak())

    var coordinator: PolicyCoordinator? {
        get { reference.withLock { $0.value } }
        set { reference.withLock { $0.value = newValue } }
    }
}
