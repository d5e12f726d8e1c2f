public import AudioSessionBus

/// One property of the contract: its name, type and access (`read`, `write` or `readwrite`).
///
/// `org.audiosession.Agent1` has none today (``AgentContract/properties`` is empty); the type is here
/// so the table and its test against the interface XML cover every kind of member.
///
/// ```swift
/// ContractProperty("Version", .string, access: "read")
/// ```
public struct ContractProperty: Hashable, Sendable {
    /// The member name.
    public var name: String
    /// Its type.
    public var type: BusType
    /// `read`, `write` or `readwrite`, as the XML writes it.
    public var access: String

    /// A property called `name`.
    public init(_ name: String, _ type: BusType, access: String) {
        self.name = name
        self.type = type
        self.access = access
    }
}
