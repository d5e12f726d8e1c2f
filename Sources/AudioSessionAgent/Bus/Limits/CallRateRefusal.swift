public import AudioSessionContract

/// A call refused because its app used up its ``CallRateLimits``: which limit, and what to do.
///
/// ```swift
/// print(refusal)
/// // the app (binary flood) called the agent more than 2000 times in a burst or 1000 times a second,
/// // the most one app may; its calls are refused until it slows down: retry in 1 ms or later
/// ```
public struct CallRateRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The app whose budget is used up.
    public var account: AppAccount
    /// The limits it ran into.
    public var limits: CallRateLimits
    /// When the next call would be admitted.
    public var retryAfterMilliseconds: Int

    /// The D-Bus error the agent replies with.
    public var busErrorName: AgentErrorName { .tooManyCalls }

    public var description: String {
        "the app (\(UntrustedText.excerpt(account.description))) called the agent more than \(limits.burst) times in a "
            + "burst or \(limits.perSecond) times a second, the most one app may; its calls are refused until it "
            + "slows down: retry in \(max(1, retryAfterMilliseconds)) ms or later"
    }
}
