/// A sink (playback device) or source (capture device) on the sound server.
///
/// ```swift
/// let speakers = graph.sinks.values.filter { $0.properties["device.form_factor"] == "speaker" }
/// ```
public struct SoundDevice: Hashable, Sendable, Identifiable {
    /// Whether the device plays or records.
    public enum Kind: String, Hashable, Sendable {
        /// A playback device (PulseAudio sink).
        case sink
        /// A capture device (PulseAudio source), including sink monitors.
        case source
    }

    /// Sink or source.
    public var kind: Kind
    /// The server's index for the device (unique per kind while it exists; recycled later).
    public var index: UInt32
    /// The device's name (`alsa_output.pci-0000_00_1f.3.analog-stereo`, `speaker`).
    public var name: String
    /// The human-readable description.
    public var description: String
    /// Every property the server reports (`device.bus`, `device.form_factor`, ...).
    public var properties: [String: String]
    /// The device's ports; empty for virtual devices.
    public var ports: [DevicePort]
    /// The name of the active port, if the device has ports.
    public var activePortName: String?
    /// The device's channel layout.
    public var channelMap: ChannelMap
    /// The device's volume per channel.
    public var volume: ChannelVolumes
    /// Whether the device is muted.
    public var isMuted: Bool
    /// For a sink: the index of its monitor source (what level meters and recorders of "what
    /// plays" capture from).
    public var monitorSourceIndex: UInt32?
    /// For a source that monitors a sink: that sink's index. `nil` for real capture devices.
    public var monitorOfSinkIndex: UInt32?
    /// The card the device belongs to, if any.
    public var cardIndex: UInt32?
    /// The module that created the device, if any.
    public var moduleIndex: UInt32?
    /// The rate the device runs at, in frames per second, when the server says.
    public var sampleRate: UInt32?
    /// The device's latency as the server reports it (its configured latency, else the current
    /// one), when it says.
    public var latency: Duration?
    /// The device's latency relative to the graph's cycle, from a server that states it so
    /// (PipeWire: its ports' latencies toward the device); its time depends on the
    /// quantum and rate the graph runs at.
    public var cycleLatency: CycleLatency?

    /// A device with all its facts.
    public init(
        kind: Kind, index: UInt32, name: String, description: String, properties: [String: String] = [:],
        ports: [DevicePort] = [], activePortName: String? = nil, channelMap: ChannelMap = ChannelMap([]),
        volume: ChannelVolumes = ChannelVolumes([]), isMuted: Bool = false, monitorSourceIndex: UInt32? = nil,
        monitorOfSinkIndex: UInt32? = nil, cardIndex: UInt32? = nil, moduleIndex: UInt32? = nil,
        sampleRate: UInt32? = nil, latency: Duration? = nil, cycleLatency: CycleLatency? = nil
    ) {
        self.kind = kind
        self.index = index
        self.name = name
        self.description = description
        self.properties = properties
        self.ports = ports
        self.activePortName = activePortName
        self.channelMap = channelMap
        self.volume = volume
        self.isMuted = isMuted
        self.monitorSourceIndex = monitorSourceIndex
        self.monitorOfSinkIndex = monitorOfSinkIndex
        self.cardIndex = cardIndex
        self.moduleIndex = moduleIndex
        self.sampleRate = sampleRate
        self.latency = latency
        self.cycleLatency = cycleLatency
    }

    /// The device's identity in a ``Graph``: its kind and index.
    public var id: GraphObjectID { GraphObjectID(kind: kind == .sink ? .sink : .source, index: index) }

    /// The active port, if the device has one.
    public var activePort: DevicePort? { ports.first { $0.name == activePortName } }

    /// Whether this is a source that monitors a sink (not a real capture device).
    public var isMonitor: Bool { kind == .source && monitorOfSinkIndex != nil }
}
