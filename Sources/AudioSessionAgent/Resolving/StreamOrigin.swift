/// What the sound server says about where a stream comes from.
///
/// ```swift
/// let origin = StreamOrigin(
///     streamProperties: ["media.role": "music", "audiosession.token": "s-7"],
///     clientProperties: ["application.name": "paplay"],
///     processID: 4242)
/// ```
public struct StreamOrigin: Hashable, Sendable {
    /// The stream's own properties (a sink-input's proplist, a node's properties).
    public var streamProperties: [String: String]
    /// The properties of the client that created it.
    public var clientProperties: [String: String]
    /// The client's process id as the backend trusts it (PipeWire's `pipewire.sec.pid`, from the
    /// socket's credentials); `nil` to fall back to the `application.process.id` the client claims.
    public var processID: Int32?
    /// The server's index of the stream's client object, which a session's token may be bound to.
    public var clientIndex: UInt32?

    /// Creates the facts about a stream.
    public init(
        streamProperties: [String: String], clientProperties: [String: String] = [:], processID: Int32? = nil,
        clientIndex: UInt32? = nil
    ) {
        self.streamProperties = streamProperties
        self.clientProperties = clientProperties
        self.processID = processID
        self.clientIndex = clientIndex
    }

    /// The process to inspect: the trusted id, else `pipewire.sec.pid`, else the claimed one.
    var effectiveProcessID: Int32? {
        processID ?? claimedProcessIDs.first
    }

    /// The process ids the properties name, trusted ones first, without repeats.
    ///
    /// A sandboxed client's `application.process.id` counts in its own PID namespace, where it
    /// names some unrelated host process: it is ignored for Flatpak clients.
    var claimedProcessIDs: [Int32] {
        var seen: [Int32] = []
        let keys = flatpakAppIDProperty == nil ? ["pipewire.sec.pid", "application.process.id"] : ["pipewire.sec.pid"]
        for key in keys {
            for properties in [clientProperties, streamProperties] {
                if let pid = properties[key].flatMap({ Int32($0) }), pid > 0, !seen.contains(pid) { seen.append(pid) }
            }
        }
        return seen
    }

    /// The Flatpak app id the server recorded, if any (PipeWire's access module marks sandboxed
    /// clients with `pipewire.access.portal.app_id`; PulseAudio records none).
    var flatpakAppIDProperty: String? {
        let key = "pipewire.access.portal.app_id"
        guard let id = clientProperties[key] ?? streamProperties[key], !id.isEmpty else { return nil }
        return id
    }
}
