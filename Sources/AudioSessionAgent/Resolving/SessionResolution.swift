public import AudioPolicy

/// The session a stream belongs to, and why; or none.
///
/// ```swift
/// let resolution = resolver.resolve(origin, among: sessions)
/// print(resolution)   // "session s-7: the stream carries session token s-7"
/// ```
public struct SessionResolution: Hashable, Sendable, CustomStringConvertible {
    /// The session, `nil` when no rule matched.
    public var session: SessionID?
    /// The rule that matched.
    public var match: SessionMatch?

    /// A stream that belongs to no session.
    public static let unmatched = SessionResolution(session: nil, match: nil)

    /// Creates a resolution.
    public init(session: SessionID?, match: SessionMatch?) {
        self.session = session
        self.match = match
    }

    /// `session s-7: ...` or `no session`.
    public var description: String {
        guard let session, let match else { return "no session" }
        return "session \(session): \(match)"
    }
}
