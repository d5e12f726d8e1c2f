/// What a bound PipeWire Device (a sound card, a Bluetooth device) reports through its params:
/// its routes (ports) and profiles, and which of them are in use.
///
/// Each list is the device's latest full enumeration of that param: the mirror asks again when
/// the device's info says the param changed, and replaces the list when the answer comes.
///
/// ```swift
/// if let card = connection.globals[id]?.device {
///     print(card.activeProfile?.name ?? "-", card.routes.map(\.name))
/// }
/// ```
public struct PipeWireDeviceInfo: Sendable, Hashable {
    /// Every route (`SPA_PARAM_EnumRoute`).
    public var routes: [PipeWireRoute]
    /// The route each card-profile device uses now (`SPA_PARAM_Route`), with its ``PipeWireRoute/device``.
    public var activeRoutes: [PipeWireRoute]
    /// Every profile (`SPA_PARAM_EnumProfile`).
    public var profiles: [PipeWireProfile]
    /// The profile in use (`SPA_PARAM_Profile`), once read.
    public var activeProfile: PipeWireProfile?

    /// Device info with the given params (none by default).
    public init(
        routes: [PipeWireRoute] = [], activeRoutes: [PipeWireRoute] = [], profiles: [PipeWireProfile] = [],
        activeProfile: PipeWireProfile? = nil
    ) {
        self.routes = routes
        self.activeRoutes = activeRoutes
        self.profiles = profiles
        self.activeProfile = activeProfile
    }

    /// The route card-profile device `device` uses now, if the device named one.
    public func activeRoute(ofCardDevice device: Int32) -> PipeWireRoute? {
        activeRoutes.first { $0.device == device }
    }

    /// The routes card-profile device `device` can use, in `direction`.
    public func routes(ofCardDevice device: Int32, direction: PipeWireRoute.Direction) -> [PipeWireRoute] {
        routes.filter { $0.direction == direction && $0.devices.contains(device) }
    }
}
