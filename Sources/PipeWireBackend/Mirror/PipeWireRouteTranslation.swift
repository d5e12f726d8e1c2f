import SoundServer

/// How a sink or source node gets its ports: from the routes of the Device it belongs to, as
/// pipewire-pulse does for its clients, so a port and its availability read the same on both
/// backends (and a jack's plug or pull is a port-availability change, not a route-configuration-change).
///
/// | PipeWire | graph |
/// | --- | --- |
/// | node `device.id` | the Device (card) whose routes are the node's ports |
/// | node `card.profile.device` | which of the card's devices the node is: its routes are the EnumRoutes that list it in `devices` |
/// | EnumRoute of the node's direction (output for sinks, input for sources) | a ``DevicePort`` (name, description, `port.type`, availability, priority) |
/// | the Route whose `device` is the node's `card.profile.device` | the active port (its availability wins over the EnumRoute's) |
///
/// Null sinks, filters and loopbacks name no device: they have no ports, as through pipewire-pulse.
///
/// ```swift
/// let (ports, active) = PipeWireRouteTranslation.ports(ofNode: sink.properties, kind: .sink, devices: globals)
/// ```
enum PipeWireRouteTranslation {
    /// The ports of a node with `properties` (its `device.id` and `card.profile.device`) and the
    /// name of the active one, from the devices among `globals`; none for a node without a device.
    static func ports(
        ofNode properties: [String: String], kind: SoundDevice.Kind, devices globals: [UInt32: PipeWireGlobal]
    ) -> (ports: [DevicePort], activePortName: String?) {
        guard let deviceID = properties["device.id"].flatMap({ UInt32($0) }),
            let cardDevice = properties["card.profile.device"].flatMap({ Int32($0) }),
            let info = globals[deviceID]?.device
        else { return ([], nil) }
        return ports(of: info, cardDevice: cardDevice, kind: kind)
    }

    /// The ports of card-profile device `cardDevice` of a Device with `info`, and its active port's name.
    static func ports(
        of info: PipeWireDeviceInfo, cardDevice: Int32, kind: SoundDevice.Kind
    ) -> (ports: [DevicePort], activePortName: String?) {
        let direction: PipeWireRoute.Direction = kind == .sink ? .output : .input
        let active = info.activeRoute(ofCardDevice: cardDevice).flatMap { $0.direction == direction ? $0 : nil }
        var ports = info.routes(ofCardDevice: cardDevice, direction: direction).map { route in
            port(route.name == active?.name ? active ?? route : route)
        }
        if let active, !ports.contains(where: { $0.name == active.name }) { ports.append(port(active)) }
        return (ports, active?.name)
    }

    /// One route as a device port.
    static func port(_ route: PipeWireRoute) -> DevicePort {
        DevicePort(
            name: route.name, description: route.description, typeName: route.portType ?? "unknown",
            availability: availability(route.availability), priority: UInt32(clamping: route.priority))
    }

    private static func availability(_ availability: PipeWireAvailability) -> DevicePort.Availability {
        switch availability {
        case .yes: .available
        case .no: .unavailable
        case .unknown: .unknown
        }
    }
}
