/// An interface an exported object implements: its methods and properties by name.
///
/// ```swift
/// let interface = BusInterface("org.example.Echo1", methods: [
///     .sync("Echo") { call in call.arguments },
/// ], properties: [
///     BusProperty("Version", type: .uint32) { .uint32(1) },
/// ])
/// ```
public struct BusInterface: Sendable {
    /// The interface name.
    public let name: String
    /// Its methods, by member name.
    public let methods: [String: BusMethod]
    /// Its properties, by name.
    public let properties: [String: BusProperty]

    /// An interface; a later method or property with the same name as an earlier one replaces it.
    public init(_ name: String, methods: [BusMethod] = [], properties: [BusProperty] = []) {
        self.name = name
        self.methods = Dictionary(methods.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        self.properties = Dictionary(properties.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }
}
