/// The waits between attempts to reach a sound server that went away: short at first, since a
/// restarting server is usually back within a moment, then doubling up to a ceiling, so an agent
/// whose server stays away costs next to nothing and still notices it back within the ceiling.
///
/// ```swift
/// var backoff = ReconnectBackoff()          // 100 ms, 200 ms, 400 ms, ... then 2 s each time
/// try await Task.sleep(for: backoff.next())
/// ```
public struct ReconnectBackoff: Hashable, Sendable {
    /// The first wait.
    public var first: Duration
    /// The longest wait.
    public var ceiling: Duration
    private var upcoming: Duration

    /// Waits from `first`, doubling, to `ceiling`.
    public init(first: Duration = .milliseconds(100), ceiling: Duration = .seconds(2)) {
        self.first = first
        self.ceiling = max(first, ceiling)
        upcoming = first
    }

    /// The wait before the next attempt.
    public mutating func next() -> Duration {
        defer { upcoming = min(upcoming * 2, ceiling) }
        return upcoming
    }
}
