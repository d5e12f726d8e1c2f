public import AudioSessionBus
public import AudioSessionModel

/// How ports and routes travel on the bus (docs/dbus-api.md): a port is `(sssu)` (name, uid, port
/// type, channels), a route `(a(sssu)a(sssu))` (inputs, outputs). The agent writes them, the app
/// library and `audiosessionctl` read them; this is the one place both directions live.
///
/// ```swift
/// let value = RouteWireFormat.busValue(of: route)          // what the agent sends
/// let back = RouteWireFormat.route(from: value)            // what a client reads; == route
/// ```
public enum RouteWireFormat {
    /// The type of a port structure, `(sssu)`.
    public static let portType: BusType = .structure([.string, .string, .string, .uint32])

    /// The type of a route structure, `(a(sssu)a(sssu))`.
    public static let routeType: BusType = .structure([.array(portType), .array(portType)])

    /// A port as `(sssu)`: name, uid, port type, channels.
    ///
    /// ```swift
    /// RouteWireFormat.busValue(of: PortDescription(name: "Speaker", uid: "speaker", type: .virtual, channels: 2))
    /// ```
    public static func busValue(of port: PortDescription) -> BusValue {
        .structure([
            .string(port.name), .string(port.uid), .string(port.type.kebabName),
            .uint32(UInt32(clamping: max(0, port.channels))),
        ])
    }

    /// A route as `(a(sssu)a(sssu))`: inputs, outputs.
    ///
    /// ```swift
    /// RouteWireFormat.busValue(of: RouteDescription()).type.signature   // "(a(sssu)a(sssu))"
    /// ```
    public static func busValue(of route: RouteDescription) -> BusValue {
        .structure([
            .array(element: portType, route.inputs.map(busValue(of:))),
            .array(element: portType, route.outputs.map(busValue(of:))),
        ])
    }

    /// The port in a `(sssu)` value, or `nil` when the value has another shape. A port type this
    /// version does not know becomes ``PortType/generic`` (the contract may grow).
    ///
    /// ```swift
    /// let port = RouteWireFormat.port(from: value)?.uid
    /// ```
    public static func port(from value: BusValue) -> PortDescription? {
        guard let (name, uid, type, channels) = fields(of: value) else { return nil }
        return PortDescription(name: name, uid: uid, type: PortType(kebabName: type) ?? .generic, channels: Int(channels))
    }

    /// The port type each port of a `(a(sssu)a(sssu))` route value names, by uid, as sent: the
    /// app library keeps a type this version does not know, which ``port(from:)`` reads as generic.
    ///
    /// ```swift
    /// RouteWireFormat.portTypeNames(in: signal.arguments[2])   // ["hdmi": "hdmi", "headset": "bluetooth-le-broadcast"]
    /// ```
    public static func portTypeNames(in route: BusValue) -> [String: String] {
        guard case .structure(let sides) = route else { return [:] }
        var names: [String: String] = [:]
        for case .array(_, let ports) in sides {
            for case let (_, uid, type, _)? in ports.map(fields(of:)) { names[uid] = type }
        }
        return names
    }

    /// The fields of a `(sssu)` port value: name, uid, port type, channels.
    private static func fields(of value: BusValue) -> (String, String, String, UInt32)? {
        guard case .structure(let fields) = value, fields.count == 4,
            case .string(let name) = fields[0], case .string(let uid) = fields[1],
            case .string(let type) = fields[2], case .uint32(let channels) = fields[3]
        else { return nil }
        return (name, uid, type, channels)
    }

    /// The route in a `(a(sssu)a(sssu))` value, or `nil` when the value has another shape.
    ///
    /// ```swift
    /// let previous = RouteWireFormat.route(from: signal.arguments[2])
    /// ```
    public static func route(from value: BusValue) -> RouteDescription? {
        guard case .structure(let sides) = value, sides.count == 2,
            case .array(_, let inputs) = sides[0], case .array(_, let outputs) = sides[1]
        else { return nil }
        var route = RouteDescription()
        for input in inputs {
            guard let port = port(from: input) else { return nil }
            route.inputs.append(port)
        }
        for output in outputs {
            guard let port = port(from: output) else { return nil }
            route.outputs.append(port)
        }
        return route
    }
}
