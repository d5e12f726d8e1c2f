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
    /// Why a token the stream carried did not tie it to its session, when it did not.
    public var refusedToken: String?

    /// A stream that belongs to no session.
    public static let unmatched = SessionResolution(session: nil, match: nil)

    /// Creates a resolution.
    public init(session: SessionID?, match: SessionMatch?, refusedToken: String? = nil) {
        self.session = session
        self.match = match
        self.refusedToken = refusedToken
    }

    /// `session s-7: ...` or `no session`, then why a token was not accepted, if one was not.
    public var description: String {
        let refusal = refusedToken.map { "; \($0)" } ?? ""
        guard let session, let match else { return "no session" + refusal }
        return "session \(session): \(match)" + refusal
    }
}
