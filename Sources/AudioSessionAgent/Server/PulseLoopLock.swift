public import PulseBackend

/// The pulse main loop's lock as the coordinator's ``OuterLock``: bus calls, timers and policy
/// reloads take it before the coordinator's own lock, the order the loop thread's reactions use.
///
/// ```swift
/// let coordinator = PolicyCoordinator(engine: engine, sinks: sinks, outerLock: PulseLoopLock(connection: connection))
/// ```
public struct PulseLoopLock: OuterLock {
    /// The connection whose loop lock is taken.
    public let connection: PulseConnection

    /// The lock of `connection`'s main loop.
    public init(connection: PulseConnection) { self.connection = connection }

    /// Runs `body` holding the loop lock (directly when already on the loop thread).
    public func withLock<Result>(_ body: () -> Result) -> Result {
        connection.withLoopLocked(body)
    }
}
