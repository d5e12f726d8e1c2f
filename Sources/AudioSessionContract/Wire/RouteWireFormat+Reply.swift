public import AudioSessionBus
public import AudioSessionModel

extension RouteWireFormat {
    /// `GetCurrentRoute`'s reply: the one route.
    ///
    /// ```swift
    /// RouteWireFormat.reply(RouteDescription()).signature.rawValue   // "(a(sssu)a(sssu))"
    /// ```
    public static func reply(_ route: RouteDescription) -> BusArguments {
        [busValue(of: route)]
    }

    /// The route in `GetCurrentRoute`'s reply.
    ///
    /// ```swift
    /// let route = try RouteWireFormat.route(reply: try await bus.call(…, method: "GetCurrentRoute", …))
    /// ```
    public static func route(reply arguments: BusArguments) throws(WireFormatError) -> RouteDescription {
        var fields = WireFields(arguments, context: "GetCurrentRoute's reply")
        return try fields.nextRoute("route")
    }

    /// `GetAvailableInputs`' reply: the ports, `a(sssu)`.
    ///
    /// ```swift
    /// RouteWireFormat.inputsReply([]).signature.rawValue   // "a(sssu)"
    /// ```
    public static func inputsReply(_ inputs: [PortDescription]) -> BusArguments {
        [.array(element: portType, inputs.map(busValue(of:)))]
    }

    /// The ports in `GetAvailableInputs`' reply.
    ///
    /// ```swift
    /// let inputs = try RouteWireFormat.inputs(reply: try await bus.call(…, method: "GetAvailableInputs", …))
    /// ```
    public static func inputs(reply arguments: BusArguments) throws(WireFormatError) -> [PortDescription] {
        var fields = WireFields(arguments, context: "GetAvailableInputs' reply")
        return try fields.nextArray("inputs", of: portType) { (port: inout WireFields) throws(WireFormatError) in
            let name: String = try port.next("name")
            let uid: String = try port.next("uid")
            let type: String = try port.next("port_type")
            let channels: UInt32 = try port.next("channels")
            // A port type this version does not know is generic: the contract may grow.
            return PortDescription(name: name, uid: uid, type: PortType(kebabName: type) ?? .generic, channels: Int(channels))
        }
    }
}
