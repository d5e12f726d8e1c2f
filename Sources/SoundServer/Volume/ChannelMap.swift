/// The channel layout of a device or stream: one position per channel.
///
/// ```swift
/// let stereo = ChannelMap([.frontLeft, .frontRight])
/// stereo.count   // 2
/// ```
public struct ChannelMap: Hashable, Sendable, RandomAccessCollection, CustomStringConvertible {
    /// The channels' positions, in order.
    public var positions: [ChannelPosition]

    /// A map from positions, in channel order.
    public init(_ positions: [ChannelPosition]) { self.positions = positions }

    public var startIndex: Int { positions.startIndex }
    public var endIndex: Int { positions.endIndex }
    public subscript(position: Int) -> ChannelPosition { positions[position] }

    public var description: String { positions.map(\.rawValue).joined(separator: ",") }
}
