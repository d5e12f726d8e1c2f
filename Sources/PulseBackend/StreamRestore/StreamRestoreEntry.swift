public import SoundServer

/// One entry of PulseAudio's stream-restore database (module-stream-restore): the volume, mute
/// state and device the server gives the next stream with the same identity.
///
/// Names look like `sink-input-by-media-role:music` or `sink-input-by-application-name:Firefox`.
///
/// ```swift
/// var entries = try await connection.streamRestoreEntries()
/// if let index = entries.firstIndex(where: { $0.name == "sink-input-by-media-role:music" }) {
///     entries[index].volume = ChannelVolumes(repeating: .normal, count: entries[index].channelMap.count)
///     try await connection.writeStreamRestoreEntries([entries[index]], mode: .replace)
/// }
/// ```
public struct StreamRestoreEntry: Hashable, Sendable {
    /// The entry's key: the kind of stream and the property value it matches.
    public var name: String
    /// The channel layout ``volume`` refers to.
    public var channelMap: ChannelMap
    /// The saved volume per channel; `nil` when the entry saves none.
    public var volume: ChannelVolumes?
    /// The saved device's name; `nil` when the entry saves none.
    public var deviceName: String?
    /// The saved mute state.
    public var isMuted: Bool

    /// An entry with all its fields.
    public init(name: String, channelMap: ChannelMap, volume: ChannelVolumes?, deviceName: String? = nil, isMuted: Bool = false) {
        self.name = name
        self.channelMap = channelMap
        self.volume = volume
        self.deviceName = deviceName
        self.isMuted = isMuted
    }

    /// How a write combines with the database (module-stream-restore's reading of the modes).
    public enum WriteMode: Sendable, Hashable {
        /// Empty the database, then add the written entries.
        case set
        /// Add the written entries whose names are new; existing entries stay exactly as they were.
        case merge
        /// Add the written entries, overwriting existing entries of the same name: the repair mode.
        case replace
    }
}
