/// How many sessions the registry holds, so that no client can make the agent grow without bound
/// and no app can take the room every other app needs.
///
/// The session bus bounds connections per user; these bound what each connection, each app (its
/// ``AppAccount``: Flatpak id, else process binary, else connection) and all of them together may
/// register. The total is a backstop well above what a few apps at their limit reach together.
/// Tagged streams are bounded per app too, so one app cannot make every stream event cost more.
///
/// ```swift
/// let registry = SessionRegistry(limits: SessionLimits(perConnection: 4, perApp: 8, total: 64))
/// ```
public struct SessionLimits: Hashable, Sendable {
    /// The most sessions one connection may hold at once.
    public var perConnection: Int
    /// The most sessions one app (``AppAccount``), over all its connections, may hold at once.
    public var perApp: Int
    /// The most sessions all connections together may hold at once.
    public var total: Int
    /// The most streams one app (``AppAccount`` of the session a token names) may have joined to
    /// its sessions by a session token at once; further tagged streams take part without their session.
    public var taggedStreamsPerApp: Int

    /// The agent's limits: 16 sessions per connection (an app rarely needs more than two); 128 per
    /// app (a launcher such as `audiosessionctl run` holds one per program it wraps, and the
    /// activation benchmark registers 100 from one binary); 1024 in all, room for eight apps at
    /// their limit; 256 tagged streams per app (a player opens one or two per session).
    public static let standard = SessionLimits(perConnection: 16, perApp: 128, total: 1024, taggedStreamsPerApp: 256)

    /// Creates limits; each must be at least 1.
    public init(perConnection: Int, perApp: Int, total: Int, taggedStreamsPerApp: Int = 256) {
        precondition(
            perConnection >= 1 && perApp >= 1 && total >= 1 && taggedStreamsPerApp >= 1,
            "session limits must allow at least one session and one tagged stream")
        self.perConnection = perConnection
        self.perApp = perApp
        self.total = total
        self.taggedStreamsPerApp = taggedStreamsPerApp
    }
}
