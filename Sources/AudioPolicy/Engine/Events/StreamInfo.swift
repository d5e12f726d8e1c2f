/// What the agent knows about a stream when it appears or changes.
///
/// ```swift
/// let music = StreamInfo(id: "s1", direction: .playback, properties: ["media.role": "music"], isSounding: true)
/// ```
public struct StreamInfo: Hashable, Sendable {
    /// The stream.
    public var id: StreamID
    /// Whether it plays or captures.
    public var direction: StreamDirection
    /// The server's stream properties plus the backend's `audiosession.*` facts.
    public var properties: [String: String]
    /// The session it belongs to, as resolved by the agent; `nil` for streams of apps without a session.
    public var session: SessionID?
    /// The app that owns it.
    public var app: AppIdentity
    /// Whether it is running (not corked or paused); not a signal level.
    public var isSounding: Bool
    /// The device it plays to or records from; `nil` while the server has not linked it.
    public var device: DeviceID?

    /// Creates stream facts.
    public init(
        id: StreamID, direction: StreamDirection, properties: [String: String] = [:], session: SessionID? = nil,
        app: AppIdentity = AppIdentity(), isSounding: Bool = false, device: DeviceID? = nil
    ) {
        self.id = id
        self.direction = direction
        self.properties = properties
        self.session = session
        self.app = app
        self.isSounding = isSounding
        self.device = device
    }

    /// The stream's `media.role`, as the server gave it.
    public var mediaRole: String? { properties["media.role"] }

    /// The property a backend sets, to the module's name, on a stream whose role the policy leaves
    /// to a server-side policy module (`[server-modules]`). Such a stream is never a target nor a
    /// trigger: the module handles it.
    ///
    /// ```swift
    /// let call = StreamInfo(id: "s2", direction: .playback,
    ///                       properties: ["media.role": "phone", StreamInfo.leftToServerKey: "module-role-cork"])
    /// call.leftToServerModule  // "module-role-cork"
    /// ```
    public static let leftToServerKey = "audiosession.left-to-server"

    /// The server module the stream is left to, or `nil` when the agent's policy applies to it.
    public var leftToServerModule: String? {
        guard let module = properties[Self.leftToServerKey], !module.isEmpty else { return nil }
        return module
    }
}
