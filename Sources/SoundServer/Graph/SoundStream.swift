/// An application's stream: a sink input (playback) or a source output (capture).
///
/// ```swift
/// let music = graph.sinkInputs.values.first { $0.role == "music" }
/// ```
public struct SoundStream: Hashable, Sendable, Identifiable {
    /// Whether the stream plays or records.
    public enum Kind: String, Hashable, Sendable {
        /// A playback stream (PulseAudio sink input).
        case playback
        /// A capture stream (PulseAudio source output).
        case capture
    }

    /// Playback or capture.
    public var kind: Kind
    /// The server's index (unique per kind while the stream exists; recycled later).
    public var index: UInt32
    /// The server's serial for the stream where it has one: never recycled, so it keys journals
    /// safely. pipewire-pulse reports `object.serial`; PulseAudio 16 has none (use the index
    /// together with ``ServerInstance`` and the stream's client).
    public var serial: UInt64?
    /// The stream's name (`Playback Stream`, a track title, ...).
    public var name: String
    /// The client that owns the stream, if any (in-server modules have none).
    public var clientIndex: UInt32?
    /// The device the stream plays to or records from; `nil` while it is linked to none
    /// (pipewire-pulse announces a new stream before WirePlumber links it).
    public var deviceIndex: UInt32?
    /// The module that created the stream, if any (loopbacks, filters).
    public var moduleIndex: UInt32?
    /// Every property the server reports (`media.role`, `application.name`, ...).
    public var properties: [String: String]
    /// The stream's channel layout; ``volume`` has one entry per channel of it.
    public var channelMap: ChannelMap
    /// The stream's volume per channel.
    public var volume: ChannelVolumes
    /// Whether the stream is muted.
    public var isMuted: Bool
    /// Whether the application has corked (paused) the stream.
    public var isCorked: Bool
    /// Whether the stream has a volume at all (passthrough streams do not).
    public var hasVolume: Bool
    /// Whether a client may change the stream's volume.
    public var isVolumeWritable: Bool
    /// How the server resamples the stream, where it says (`speex-float-1`, `peaks` for a level
    /// meter's peak-detect stream on PulseAudio); pipewire-pulse says `PipeWire` for every stream.
    public var resampleMethod: String?

    /// A stream with all its facts.
    public init(
        kind: Kind, index: UInt32, serial: UInt64? = nil, name: String, clientIndex: UInt32? = nil,
        deviceIndex: UInt32?, moduleIndex: UInt32? = nil, properties: [String: String] = [:],
        channelMap: ChannelMap = ChannelMap([]), volume: ChannelVolumes = ChannelVolumes([]), isMuted: Bool = false,
        isCorked: Bool = false, hasVolume: Bool = true, isVolumeWritable: Bool = true, resampleMethod: String? = nil
    ) {
        self.kind = kind
        self.index = index
        self.serial = serial
        self.name = name
        self.clientIndex = clientIndex
        self.deviceIndex = deviceIndex
        self.moduleIndex = moduleIndex
        self.properties = properties
        self.channelMap = channelMap
        self.volume = volume
        self.isMuted = isMuted
        self.isCorked = isCorked
        self.hasVolume = hasVolume
        self.isVolumeWritable = isVolumeWritable
        self.resampleMethod = resampleMethod
    }

    /// The stream's identity in a ``Graph``: its kind and index.
    public var id: GraphObjectID { GraphObjectID(kind: kind == .playback ? .sinkInput : .sourceOutput, index: index) }

    /// The stream's `media.role` property, if it has one.
    public var role: String? { properties["media.role"] }
}
