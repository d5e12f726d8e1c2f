/// A stream's serial on its server: unlike the index (PulseAudio recycles those), a serial is
/// never given to another stream while the server runs.
///
/// On PulseAudio the backend numbers streams itself per server instance; through pipewire-pulse
/// and on PipeWire it is the node's `object.serial`.
///
/// ```swift
/// let serial: StreamSerial = 4711
/// ```
public struct StreamSerial: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The serial.
    public let rawValue: UInt64

    /// Wraps a serial.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Wraps a literal serial.
    public init(integerLiteral value: UInt64) { self.rawValue = value }

    /// The serial in decimal.
    public var description: String { String(rawValue) }

    /// Orders serials numerically, which is the order the server created the streams in.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
