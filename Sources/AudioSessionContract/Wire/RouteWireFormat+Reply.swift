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
}
