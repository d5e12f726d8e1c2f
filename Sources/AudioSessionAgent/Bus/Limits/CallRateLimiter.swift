import Synchronization

/// The agent's per-app call budget: one ``TokenBucket`` per ``AppAccount``, and who each bus
/// connection is (asked of the bus and `/proc` once per connection, forgotten when it leaves).
///
/// Buckets of apps that have been quiet long enough to refill are dropped once there are many, so
/// apps that come and go do not make the agent grow.
///
/// ```swift
/// let limiter = CallRateLimiter(limits: .standard, clock: MonotonicAgentClock())
/// limiter.remember(caller)                        // after the first call's credentials
/// if case .failure(let refusal) = limiter.admit(AppAccount(caller)) { print(refusal) }
/// limiter.forget(connection: caller.uniqueName)   // when it leaves the bus
/// ```
public final class CallRateLimiter: Sendable {
    private struct State: Sendable {
        var callers: [String: BusCaller] = [:]
        var buckets: [AppAccount: TokenBucket] = [:]
    }

    /// The budget each app gets.
    public let limits: CallRateLimits
    private let clock: any AgentClock
    private let state = Mutex(State())
    /// Above this many buckets, the full ones are dropped.
    static let bucketsKeptIdle = 256

    /// A limiter giving every app `limits`, timed by `clock`.
    public init(limits: CallRateLimits = .standard, clock: any AgentClock) {
        self.limits = limits
        self.clock = clock
    }

    /// Who `connection` is, if a call of it was seen and it has not left.
    public func caller(of connection: String) -> BusCaller? {
        state.withLock { $0.callers[connection] }
    }

    /// Remembers who a connection is, until ``forget(connection:)``.
    public func remember(_ caller: BusCaller) {
        state.withLock { $0.callers[caller.uniqueName] = caller }
    }

    /// Forgets a connection that left the bus (its app's bucket stays: the app may have others).
    public func forget(connection: String) {
        _ = state.withLock { $0.callers.removeValue(forKey: connection) }
    }

    /// Takes one call from `account`'s budget, or says why not.
    public func admit(_ account: AppAccount) -> Result<Void, CallRateRefusal> {
        let now = clock.milliseconds
        let limits = self.limits
        return state.withLock { state in
            var bucket = state.buckets[account] ?? TokenBucket(capacity: limits.burst, perSecond: limits.perSecond, at: now)
            let granted = bucket.take(at: now)
            state.buckets[account] = bucket
            if state.buckets.count > Self.bucketsKeptIdle {
                state.buckets = state.buckets.filter { !$0.value.isFull(at: now) }
            }
            guard granted else {
                return .failure(
                    CallRateRefusal(
                        account: account, limits: limits, retryAfterMilliseconds: bucket.millisecondsUntilNextToken(at: now)))
            }
            return .success(())
        }
    }
}
