import Synchronization

/// How a running agent ended, and who is waiting for it: ``PulseAgent/run()`` waits here until
/// ``PulseAgent/shutdown()`` or a lost connection ends it.
final class AgentEnding: Sendable {
    enum Outcome: Sendable, Equatable {
        /// ``PulseAgent/shutdown()`` (or a crash simulation) ended it.
        case stopped
        /// The server connection was lost, for this reason.
        case lost(String)
    }

    private struct State {
        var outcome: Outcome?
        var waiters: [UInt64: CheckedContinuation<Outcome?, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Ends the agent; only the first outcome counts.
    func finish(_ outcome: Outcome) {
        let waiters = state.withLock { state -> [CheckedContinuation<Outcome?, Never>] in
            guard state.outcome == nil else { return [] }
            state.outcome = outcome
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// The outcome, once there is one; `nil` when the waiting task is cancelled first.
    func wait() async -> Outcome? {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let immediate: Outcome?? = state.withLock { state in
                    if let outcome = state.outcome { return .some(outcome) }
                    if Task.isCancelled { return .some(nil) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: nil)
        }
    }
}
