/// One object the PipeWire registry announces (a "global"), as the mirror last saw it.
///
/// Ids are recycled by the server: follow an object across its life by ``serial``.
///
/// ```swift
/// let streams = connection.globals.values.filter { $0.properties["media.class"] == "Stream/Output/Audio" }
/// for stream in streams { print(stream.id, stream.properties["media.role"] ?? "-", stream.node?.state ?? .creating) }
/// ```
public struct PipeWireGlobal: Sendable, Hashable, Identifiable {
    /// The global id (recycled after removal).
    public var id: UInt32
    /// The interface type.
    public var type: PipeWireObjectType
    /// The interface version the server offers.
    public var version: UInt32
    /// What this client may do with the object.
    public var permissions: PipeWirePermissions
    /// The object's properties: the registry's (a filtered set) merged with the full set a node's,
    /// device's or client's info carries once it arrived (`media.role`, `application.name`,
    /// a client's `application.process.binary`, ...), which wins.
    public var properties: [String: String]
    /// State, and `Props` for nodes once their info arrived; nil for other types.
    public var node: PipeWireNodeInfo?
    /// Routes and profiles for devices (sound cards), once their params arrived; nil for other types.
    public var device: PipeWireDeviceInfo?
    /// For a port of a device node (sink or source): the latency its `Latency` param states for
    /// the port's own direction (an input port's toward the device, an output port's from it),
    /// once it arrived; empty for other objects.
    public var portLatencies: [PipeWirePortLatency]

    /// Creates a global; the mirror builds them from registry events.
    public init(
        id: UInt32, type: PipeWireObjectType, version: UInt32, permissions: PipeWirePermissions,
        properties: [String: String], node: PipeWireNodeInfo? = nil, device: PipeWireDeviceInfo? = nil,
        portLatencies: [PipeWirePortLatency] = []
    ) {
        self.id = id
        self.type = type
        self.version = version
        self.permissions = permissions
        self.properties = properties
        self.node = node
        self.device = device
        self.portLatencies = portLatencies
    }

    /// The `object.serial` property: unique for the server's lifetime, unlike ``id``.
    public var serial: UInt64? { properties["object.serial"].flatMap { UInt64($0) } }

    /// The `node.name` (nodes) or `metadata.name` (metadata objects).
    public var name: String? { properties["node.name"] ?? properties["metadata.name"] }
}
