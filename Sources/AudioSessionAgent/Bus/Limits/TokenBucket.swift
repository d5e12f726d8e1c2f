/// A token bucket: up to `capacity` tokens, refilled at `perSecond` a second; each call takes one,
/// and a call that finds the bucket empty is refused. Pure: the time comes in, in milliseconds of
/// the agent's clock (``AgentClock``), so tests step it by hand.
///
/// A burst of `capacity` calls passes at once; after it, `perSecond` calls a second do.
///
/// ```swift
/// var bucket = TokenBucket(capacity: 2, perSecond: 1, at: 0)
/// bucket.take(at: 0)      // true
/// bucket.take(at: 0)      // true
/// bucket.take(at: 0)      // false: empty
/// bucket.take(at: 1_000)  // true: one token came back in a second
/// ```
public struct TokenBucket: Hashable, Sendable {
    /// The most tokens the bucket holds: the longest burst it lets through.
    public let capacity: Int
    /// Tokens added each second.
    public let perSecond: Int
    /// Thousandths of a token, so that a refill of a few milliseconds is not lost to rounding.
    private var milliTokens: Int
    private var refilledAt: Int

    /// A full bucket at time `milliseconds`; `capacity` and `perSecond` must be at least 1.
    public init(capacity: Int, perSecond: Int, at milliseconds: Int) {
        precondition(capacity >= 1 && perSecond >= 1, "a token bucket needs room for a token and a refill rate")
        self.capacity = capacity
        self.perSecond = perSecond
        self.milliTokens = capacity * 1_000
        self.refilledAt = milliseconds
    }

    /// Takes a token at time `milliseconds` if there is one; `false` means the call is refused.
    public mutating func take(at milliseconds: Int) -> Bool {
        refill(at: milliseconds)
        guard milliTokens >= 1_000 else { return false }
        milliTokens -= 1_000
        return true
    }

    /// Whether the bucket is full at `milliseconds`: its owner has been quiet long enough that
    /// forgetting the bucket changes nothing.
    public func isFull(at milliseconds: Int) -> Bool {
        var later = self
        later.refill(at: milliseconds)
        return later.milliTokens == capacity * 1_000
    }

    /// How long after `milliseconds` the next token comes (0 when one is there).
    public func millisecondsUntilNextToken(at milliseconds: Int) -> Int {
        var later = self
        later.refill(at: milliseconds)
        let missing = max(0, 1_000 - later.milliTokens)
        return (missing + perSecond - 1) / perSecond
    }

    private mutating func refill(at milliseconds: Int) {
        // A clock that went back (it should not) refills nothing; a long pause refills at most a
        // full bucket, which also keeps the product below from overflowing.
        let elapsed = min(max(0, milliseconds - refilledAt), capacity * 1_000 / perSecond + 1)
        milliTokens = min(capacity * 1_000, milliTokens + elapsed * perSecond)
        refilledAt = max(refilledAt, milliseconds)
    }
}
