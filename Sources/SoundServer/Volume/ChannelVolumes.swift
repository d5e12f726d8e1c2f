/// One ``Volume`` per channel, in the order of the owner's channel map.
///
/// ```swift
/// var volumes = ChannelVolumes(repeating: Volume(percent: 80), count: 2)
/// volumes[1] = Volume(percent: 60)   // quieter on the right
/// volumes.maximum                      // 80 %
/// ```
public struct ChannelVolumes: Hashable, Sendable, RandomAccessCollection, MutableCollection, CustomStringConvertible {
    /// The volume of each channel.
    public var channels: [Volume]

    /// Volumes for the given channels, in channel-map order.
    public init(_ channels: [Volume]) { self.channels = channels }

    /// The same volume on `count` channels.
    public init(repeating volume: Volume, count: Int) { self.channels = Array(repeating: volume, count: count) }

    public var startIndex: Int { channels.startIndex }
    public var endIndex: Int { channels.endIndex }
    public subscript(position: Int) -> Volume {
        get { channels[position] }
        set { channels[position] = newValue }
    }

    /// The loudest channel (what a single volume slider shows); silence when there is no channel.
    public var maximum: Volume { channels.max() ?? .muted }

    /// The mean level of all channels; silence when there is no channel.
    public var average: Volume {
        channels.isEmpty ? .muted : Volume(level: channels.reduce(0) { $0 + $1.level } / Double(channels.count))
    }

    /// These volumes with every channel's level multiplied by `factor` (on the cubic scale).
    public func scaled(by factor: Double) -> ChannelVolumes {
        ChannelVolumes(channels.map { Volume(level: $0.level * factor) })
    }

    public var description: String { channels.map(\.description).joined(separator: " / ") }
}
