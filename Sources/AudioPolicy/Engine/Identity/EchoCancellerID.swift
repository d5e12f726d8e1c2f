/// The engine's name for one echo canceller it decided to load, unique while the engine runs.
///
/// ```swift
/// let id: EchoCancellerID = "echo-cancel-7"
/// ```
public struct EchoCancellerID: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The identifier as text: letters, digits and dashes, so it can name server devices.
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
