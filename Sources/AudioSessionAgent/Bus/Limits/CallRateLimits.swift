/// How fast one app may call the agent: a ``TokenBucket`` per ``AppAccount``, so an app that floods
/// the agent with calls is refused (`org.audiosession.Error.TooManyCalls`) while others are served.
///
/// ```swift
/// let limiter = CallRateLimiter(limits: CallRateLimits(burst: 10, perSecond: 5), clock: MonotonicAgentClock())
/// ```
public struct CallRateLimits: Hashable, Sendable {
    /// How many calls an app may make at once, after a quiet spell.
    public var burst: Int
    /// How many calls a second an app may keep making.
    public var perSecond: Int

    /// The agent's limits: bursts of 2,000 calls and 1,000 a second after, per app. An app makes a
    /// handful of calls per thing its user does; `audiosessionctl status` makes two per session;
    /// the activation benchmark about 500 in a run; a flood beyond this is a bug or an attack.
    public static let standard = CallRateLimits(burst: 2_000, perSecond: 1_000)

    /// Creates limits; each must be at least 1.
    public init(burst: Int, perSecond: Int) {
        precondition(burst >= 1 && perSecond >= 1, "call rate limits must allow at least one call")
        self.burst = burst
        self.perSecond = perSecond
    }
}
