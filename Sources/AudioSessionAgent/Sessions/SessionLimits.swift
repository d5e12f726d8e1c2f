/// How many sessions the registry holds, so that no client can make the agent grow without bound.
///
/// The session bus bounds connections per user; these bound what each connection and all of them
/// together may register.
///
/// ```swift
/// let registry = SessionRegistry(limits: SessionLimits(perConnection: 4, total: 64))
/// ```
public struct SessionLimits: Hashable, Sendable {
    /// The most sessions one connection may hold at once.
    public var perConnection: Int
    /// The most sessions all connections together may hold at once.
    public var total: Int

    /// The agent's limits: 16 sessions per connection (an app rarely needs more than two), 512 in all.
    public static let standard = SessionLimits(perConnection: 16, total: 512)

    /// Creates limits; each must be at least 1.
    public init(perConnection: Int, total: Int) {
        precondition(perConnection >= 1 && total >= 1, "session limits must allow at least one session")
        self.perConnection = perConnection
        self.total = total
    }
}
