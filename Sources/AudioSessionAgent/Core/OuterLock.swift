/// A lock that must be held before the coordinator's own: a backend's main-loop lock.
///
/// A backend calls the coordinator from its loop thread while holding its loop lock (the reaction
/// path runs there, without hops). Every other caller (bus calls, timers, policy reloads) must then
/// take the loop lock first, or the two threads could each hold one lock and wait for the other.
/// ``PolicyCoordinator`` takes this lock around everything except ``PolicyCoordinator/handleOnLoop(_:)``.
///
/// ```swift
/// struct PulseLoopLock: OuterLock {
///     let connection: PulseConnection
///     func withLock<Result>(_ body: () -> Result) -> Result { connection.withLoopLocked(body) }
/// }
/// ```
public protocol OuterLock: Sendable {
    /// Runs `body` while holding the lock.
    func withLock<Result>(_ body: () -> Result) -> Result
}

/// No outer lock: for agents whose events all arrive through the coordinator's public calls.
public struct NoOuterLock: OuterLock {
    /// Creates the no-op lock.
    public init() {}
    /// Runs `body`.
    public func withLock<Result>(_ body: () -> Result) -> Result { body() }
}
