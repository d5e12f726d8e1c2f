/// Facts about the sound server the connection talks to.
///
/// ```swift
/// print("\(info.name) \(info.version), default sink \(info.defaultSinkName ?? "none")")
/// ```
public struct ServerInfo: Hashable, Sendable {
    /// The server's name (`pulseaudio`, or `PulseAudio (on PipeWire 0.3.65)`).
    public var name: String
    /// The server's version (`16.1`, or the protocol version pipewire-pulse reports).
    public var version: String
    /// The user the server runs as.
    public var userName: String
    /// The host the server runs on.
    public var hostName: String
    /// The default sink's name, if one is set.
    public var defaultSinkName: String?
    /// The default source's name, if one is set.
    public var defaultSourceName: String?
    /// This server instance's identity (changes on restart): the key for journals.
    public var instance: ServerInstance

    /// Whether the server is pipewire-pulse (PipeWire's PulseAudio server), which names itself
    /// `PulseAudio (on PipeWire 0.3.65)`; PulseAudio itself says `pulseaudio`.
    ///
    /// ```swift
    /// if info.isPipeWirePulse { print("PipeWire runs the graph") }
    /// ```
    public var isPipeWirePulse: Bool { name.contains("(on PipeWire") }

    /// Server facts.
    public init(
        name: String, version: String, userName: String = "", hostName: String = "", defaultSinkName: String? = nil,
        defaultSourceName: String? = nil, instance: ServerInstance
    ) {
        self.name = name
        self.version = version
        self.userName = userName
        self.hostName = hostName
        self.defaultSinkName = defaultSinkName
        self.defaultSourceName = defaultSourceName
        self.instance = instance
    }
}
