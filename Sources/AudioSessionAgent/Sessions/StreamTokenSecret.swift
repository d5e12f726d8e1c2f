/// The secret a session's stream token is derived from: returned once to the registering
/// connection (`RegisterSessionWithSecret`) and never put on a stream, so that after an agent
/// restart only the app that holds it can ask for its old token again.
///
/// The token is the first 128 bits of SHA-256 over the secret's text, in hex: a new agent checks a
/// claim to an earlier token without having kept anything, and reading a token from the sound
/// server tells nothing about its secret.
///
/// ```swift
/// let secret = StreamTokenSecret.random()        // 32 lower-case hex digits
/// secret.token                                  // what the session's streams carry
/// StreamTokenSecret(rawValue: secret.rawValue).token == secret.token  // true, in any agent
/// ```
public struct StreamTokenSecret: RawRepresentable, Hashable, Sendable {
    /// The secret as text.
    public let rawValue: String

    /// Wraps a secret.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A fresh secret of 128 bits from the system's random source.
    public static func random() -> StreamTokenSecret {
        StreamTokenSecret(rawValue: StreamToken.random().rawValue)
    }

    /// The stream token this secret stands behind.
    public var token: StreamToken {
        StreamToken(rawValue: String(SHA256.hexDigest(of: Array(rawValue.utf8)).prefix(32)))
    }
}
