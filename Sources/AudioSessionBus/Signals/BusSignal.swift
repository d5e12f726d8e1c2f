/// A signal received on the bus.
///
/// ```swift
/// for await signal in try await bus.signals(matching: BusMatchRule(interface: "org.example.Events")) {
///     print(signal.member, signal.arguments)
/// }
/// ```
public struct BusSignal: Sendable, Hashable {
    /// The sender's unique name (or `org.freedesktop.DBus` for the bus's own signals).
    public var sender: String
    /// The emitting object's path.
    public var path: String
    /// The signal's interface.
    public var interface: String
    /// The signal's name.
    public var member: String
    /// The destination, for a unicast signal.
    public var destination: String?
    /// The signal's arguments.
    public var arguments: BusArguments
}
