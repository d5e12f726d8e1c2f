/// An opaque identifier of a session, chosen by whoever reports the session to the engine.
///
/// ```swift
/// let id: SessionID = "session-1"
/// ```
public struct SessionID: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The identifier as text.
    public let rawValue: String

    /// Wraps an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal identifier.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The identifier as text.
    public var description: String { rawValue }

    /// Orders identifiers by their text, so reports list them stably.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
