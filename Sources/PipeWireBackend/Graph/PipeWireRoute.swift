/// One route of a PipeWire Device: a port of a sound card (a headphone jack, the internal speaker,
/// an HDMI output), from its `SPA_PARAM_EnumRoute` (every route) or `SPA_PARAM_Route` (the route
/// each of the card's devices uses now) param.
///
/// A card's nodes name their device through `device.id` and the card-profile device they stand
/// for through `card.profile.device`; a route lists the card-profile devices it serves in
/// ``devices`` (EnumRoute), and an active route names its one in ``device`` (Route).
///
/// ```swift
/// let active = info.activeRoutes.first { $0.device == 1 }
/// print(active?.name ?? "-", active?.availability ?? .unknown)   // analog-output-headphones yes
/// ```
public struct PipeWireRoute: Sendable, Hashable {
    /// Whether the route plays (a sink's port) or records (a source's port).
    public enum Direction: String, Sendable, Hashable {
        /// A capture port (`SPA_DIRECTION_INPUT`): a microphone jack, an internal mic.
        case input
        /// A playback port (`SPA_DIRECTION_OUTPUT`): speakers, headphones, HDMI.
        case output
    }

    /// The route's index among the device's routes.
    public var index: Int32
    /// Playback or capture.
    public var direction: Direction
    /// The name (`analog-output-headphones`, `hdmi-output-0`).
    public var name: String
    /// What a user reads (`Headphones`).
    public var description: String
    /// The device's preference among its routes: higher wins.
    public var priority: Int32
    /// Whether something is plugged in.
    public var availability: PipeWireAvailability
    /// The `port.type` the route's info carries (`headphones`, `speaker`, `hdmi`), when it does.
    public var portType: String?
    /// For an active route (`SPA_PARAM_Route`): the card-profile device that uses it.
    public var device: Int32?
    /// For an enumerated route (`SPA_PARAM_EnumRoute`): the card-profile devices it can serve.
    public var devices: [Int32]
    /// The profiles in which the route exists.
    public var profiles: [Int32]

    /// A route with all its facts.
    public init(
        index: Int32, direction: Direction, name: String, description: String = "", priority: Int32 = 0,
        availability: PipeWireAvailability = .unknown, portType: String? = nil, device: Int32? = nil,
        devices: [Int32] = [], profiles: [Int32] = []
    ) {
        self.index = index
        self.direction = direction
        self.name = name
        self.description = description
        self.priority = priority
        self.availability = availability
        self.portType = portType
        self.device = device
        self.devices = devices
        self.profiles = profiles
    }
}
