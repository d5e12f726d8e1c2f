/// What a session's app puts on its streams (`audiosession.token`) so the agent can tie them to the
/// session.
///
/// Only the owning connection is told it over the bus (listings never show it), but every client
/// of the sound server can read it off a stream: it is a claim, not a secret. A ``StreamTokenUse/bound``
/// token joins streams only from the client the session bound with its client nonce; a token is
/// handed out again only with the ``StreamTokenSecret`` it derives from.
///
/// ```swift
/// let token = StreamToken.random()   // 32 lower-case hex digits
/// ```
public struct StreamToken: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The token as text.
    public let rawValue: String

    /// Wraps a token.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A fresh token of 128 bits from the system's random source.
    public static func random() -> StreamToken {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A fresh token of 128 bits from `generator`.
    public static func random(using generator: inout some RandomNumberGenerator) -> StreamToken {
        let halves = [generator.next(), generator.next()] as [UInt64]
        return StreamToken(rawValue: halves.map(hexDigits).joined())
    }

    /// The token as text.
    public var description: String { rawValue }

    /// Whether `text` has the form ``random()`` gives: 32 lower-case hex digits.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private static func hexDigits(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
