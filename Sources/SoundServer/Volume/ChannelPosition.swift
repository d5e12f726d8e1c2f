/// Where one channel of a device or stream sits, named as PulseAudio names positions
/// (`front-left`, `front-right`, `mono`, `rear-center`, `aux0`, ...).
///
/// ```swift
/// let left: ChannelPosition = "front-left"
/// ```
public struct ChannelPosition: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The position's name.
    public let rawValue: String

    /// Wraps a position name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal position name.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The single channel of a mono stream.
    public static let mono: ChannelPosition = "mono"
    /// Front left.
    public static let frontLeft: ChannelPosition = "front-left"
    /// Front right.
    public static let frontRight: ChannelPosition = "front-right"

    public var description: String { rawValue }
}
