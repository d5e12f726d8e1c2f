/// Identifies one running instance of a sound server: it changes when the server restarts, so a
/// journal keyed by it never applies saved stream state to the wrong server's recycled indices.
///
/// ```swift
/// let key = "\(info.instance)/\(stream.index)"
/// ```
public struct ServerInstance: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The identity as text, safe to use in a file name (letters, digits, `-`, `.`, `_`).
    public let rawValue: String

    /// Wraps an identity.
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}
