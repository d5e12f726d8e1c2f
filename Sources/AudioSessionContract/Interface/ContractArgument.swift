public import AudioSessionBus

/// One argument of a method or signal of the contract: its snake_case name and its D-Bus type.
///
/// ```swift
/// let argument = ContractArgument("notify_others", .boolean)
/// argument.type.signature   // "b"
/// ```
public struct ContractArgument: Hashable, Sendable, CustomStringConvertible {
    /// The name, as the interface XML gives it.
    public var name: String
    /// The type.
    public var type: BusType

    /// An argument called `name` of `type`.
    public init(_ name: String, _ type: BusType) {
        self.name = name
        self.type = type
    }

    /// `b notify_others`: how error messages and docs/dbus-api.md write it.
    public var description: String { "\(type.signature) \(name)" }
}
