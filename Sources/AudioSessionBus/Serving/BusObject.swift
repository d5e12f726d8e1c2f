/// An object to export at a path: its interfaces and the introspection XML that describes them.
///
/// The XML is served verbatim by `org.freedesktop.DBus.Introspectable.Introspect`; keep it in
/// the repository as the interface's contract.
///
/// ```swift
/// let object = BusObject(
///     path: "/org/example/Echo",
///     interfaces: [BusInterface("org.example.Echo1", methods: [.sync("Echo") { $0.arguments }])],
///     introspectionXML: echoXML)
/// try bus.export(object)
/// ```
public struct BusObject: Sendable {
    /// Where the object lives.
    public let path: BusObjectPath
    /// Its interfaces, by name.
    public let interfaces: [String: BusInterface]
    /// The introspection document; without one, Introspect lists only the interface names.
    public let introspectionXML: String?

    /// An object at `path` with these interfaces and, ideally, the XML that describes them.
    public init(path: BusObjectPath, interfaces: [BusInterface], introspectionXML: String? = nil) {
        self.path = path
        self.interfaces = Dictionary(interfaces.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        self.introspectionXML = introspectionXML
    }
}
