import Synchronization

/// Lets one asynchronous operation at a time through, in arrival order.
///
/// The session's talks with the agent (register, configure, activate) span several bus calls;
/// an app's `setActive` and the listener's re-registration after an agent restart must not
/// interleave them, and an actor would (it is re-entrant at every `await`).
final class SerialGate: Sendable {
    private struct State {
        var isBusy = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func run<Result, Failure: Error>(_ body: () async throws(Failure) -> Result) async throws(Failure) -> Result {
        await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                if state.isBusy {
                    state.waiters.append(continuation)
                    return false
                }
                state.isBusy = true
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.isBusy = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
