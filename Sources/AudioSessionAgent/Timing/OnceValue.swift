import Synchronization

/// A value that is set once and awaited by any number of tasks: how a running agent ended
/// (``AgentEnding``), whether the server answered the agent's last commands.
///
/// ```swift
/// let answered = OnceValue<Bool>()
/// connection.undoAll { answered.finish(true) }
/// if await answered.wait(atMost: .seconds(5)) == nil { print("the server did not answer") }
/// ```
final class OnceValue<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [UInt64: CheckedContinuation<Value?, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Sets the value; only the first counts.
    func finish(_ value: Value) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value?, Never>] in
            guard state.value == nil else { return [] }
            state.value = value
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    /// The value, once there is one; `nil` when the waiting task is cancelled first.
    func wait() async -> Value? {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let immediate: Value?? = state.withLock { state in
                    if let value = state.value { return .some(value) }
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

    /// The value, once there is one, waiting at most `limit`; `nil` when it did not come in time
    /// (or the task was cancelled).
    func wait(atMost limit: Duration) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask { await self.wait() }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
