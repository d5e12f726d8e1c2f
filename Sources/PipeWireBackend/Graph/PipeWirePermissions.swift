/// What a client may do with a global: the server's `PW_PERM_*` bits.
///
/// ```swift
/// if global.permissions.contains(.write) { try connection.setProps(.init(volume: 0.5), onNode: global.id) }
/// ```
public struct PipeWirePermissions: OptionSet, Sendable, Hashable {
    /// The `PW_PERM_*` bits.
    public var rawValue: UInt32

    /// Permissions from `PW_PERM_*` bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// See the object and read its properties and params.
    public static let read = PipeWirePermissions(rawValue: 0o400)
    /// Change params (Props) and send commands.
    public static let write = PipeWirePermissions(rawValue: 0o200)
    /// Call methods on the object.
    public static let execute = PipeWirePermissions(rawValue: 0o100)
    /// Set metadata whose subject is the object.
    public static let metadata = PipeWirePermissions(rawValue: 0o010)
}
