import AudioPolicy
import PulseBackend
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
/// let timer = PolicyDeadlineTimer(on: connection, clock: clock, coordinator: coordinator)
/// seat.seat(connection, sinks: [enforcer, timer])
/// // ... when the agent stops
/// timer.cancel()
/// ```
final class PolicyDeadlineTimer: DecisionSink {
    private let clock: any AgentClock
    private let timer: PulseLoopTimer
    /// The engine deadline the timer is armed for, to leave an armed timer alone.
    private let armedFor = ArmedDeadline()

    init(on connection: PulseConnection, clock: any AgentClock, coordinator: PolicyCoordinator) {
        self.clock = clock
        let armedFor = self.armedFor
        self.timer = PulseLoopTimer(on: connection) { [weak coordinator] in
            armedFor.deadline.withLock { $0 = nil }
            coordinator?.advanceTimeOnLoop()
        }
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
