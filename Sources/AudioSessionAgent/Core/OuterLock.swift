/// A lock that must be held before the coordinator's own: a backend's main-loop lock.
///
/// A backend calls the coordinator from its loop thread while holding its loop lock (the reaction
/// path runs there, without hops). Every other caller (bus calls, timers, policy reloads) must then
/// take the loop lock first, or the two threads could each hold one lock and wait for the other.
/// ``PolicyCoordinator`` takes this lock around everything except ``PolicyCoordinator/handleOnLoop(_:)``.
///
/// ``ServerSeat`` is the agent's: the seated connection's loop lock. The shape of one, for a
/// single pulse connection:
///
/// ```swift
/// struct ConnectionLoopLock: OuterLock {
///     let connection: PulseConnection
///     let nextTurn: PulseLoopTimer    // its action runs the jobs in `jobs`
///     let jobs: Mutex<[@Sendable () -> Void]>
///     func withLock<Result>(_ body: () -> Result) -> Result { connection.withLoopLocked(body) }
///     func afterLoopTurn(_ job: @escaping @Sendable () -> Void) {
///         jobs.withLock { $0.append(job) }
///         nextTurn.arm(after: .zero)
///     }
/// }
/// ```
public protocol OuterLock: Sendable {
    /// Runs `body` while holding the lock.
    func withLock<Result>(_ body: () -> Result) -> Result

    /// Runs `job` once the loop's current turn is over, so after the server commands issued in it
    /// have been written; without a loop, at once. Call holding the lock; jobs run in call order.
    func afterLoopTurn(_ job: @escaping @Sendable () -> Void)
}

/// No outer lock: for agents whose events all arrive through the coordinator's public calls.
public struct NoOuterLock: OuterLock {
    /// Creates the no-op lock.
    public init() {}
    /// Runs `body`.
    public func withLock<Result>(_ body: () -> Result) -> Result { body() }
    /// Runs `job` at once: there is no loop to wait for.
    public func afterLoopTurn(_ job: @escaping @Sendable () -> Void) { job() }
}
