/// An incoming method call, as a handler sees it.
///
/// The caller's identity comes from the bus, never from the arguments: ``sender`` is the unique
/// name the bus vouches for; ask ``BusConnection/callerIdentity(of:)`` for its PID and UID.
///
/// ```swift
/// .async("Register") { call in
///     let caller = try await bus.callerIdentity(of: call.sender)
///     let (category) = try call.arguments.decode(String.self)
///     return [.uint32(try sessions.register(category, for: caller))]
/// }
/// ```
public struct BusMethodCall: Sendable {
    /// The object path called.
    public var path: BusObjectPath
    /// The interface named by the caller, if it named one.
    public var interface: String?
    /// The method name.
    public var method: String
    /// The caller's unique name (`:1.42`), as the bus stamped it.
    public var sender: String
    /// The call's arguments.
    public var arguments: BusArguments
}
