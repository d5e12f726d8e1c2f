/// A property of an exported interface, served through `org.freedesktop.DBus.Properties`
/// (Get, GetAll, and Set when it has a setter).
///
/// Accessors run on the connection's thread and must not block.
///
/// ```swift
/// let version = BusProperty("Version", type: .uint32) { .uint32(1) }
/// ```
public struct BusProperty: Sendable {
    /// The property's name.
    public let name: String
    /// Its D-Bus type; Set refuses values of another type with `InvalidArgs`.
    public let type: BusType
    let get: @Sendable () throws -> BusValue
    let set: (@Sendable (BusValue) throws -> Void)?

    /// A property read by `get` and, if `set` is given, writable.
    public init(
        _ name: String, type: BusType, get: @escaping @Sendable () throws -> BusValue,
        set: (@Sendable (BusValue) throws -> Void)? = nil
    ) {
        self.name = name
        self.type = type
        self.get = get
        self.set = set
    }
}
