/// D-Bus introspection data (`org.freedesktop.DBus.Introspectable.Introspect`), read and checked.
///
/// Reading refuses text that is not well-formed XML, elements and attributes the introspection
/// format does not have, invalid interface and member names, duplicate members, argument types
/// that are not single complete D-Bus types and directions that do not exist, so that a contract
/// file with a typo fails its test instead of reaching clients.
///
/// ```swift
/// let document = try IntrospectionDocument(xml: AgentInterface.introspectionXML)
/// let agent = document.interface(named: AgentInterface.name)
/// agent?.method(named: "Deactivate")?.inputSignature  // "sb"
/// ```
public struct IntrospectionDocument: Hashable, Sendable {
    /// The `name` attribute of the `<node>`: absent on the root, relative on children.
    public var name: String?
    /// The interfaces the object implements, in document order.
    public var interfaces: [InterfaceDescription]
    /// Child objects (`<node>` elements), in document order.
    public var children: [IntrospectionDocument]

    /// Creates a document from parts.
    public init(name: String? = nil, interfaces: [InterfaceDescription] = [], children: [IntrospectionDocument] = []) {
        self.name = name
        self.interfaces = interfaces
        self.children = children
    }

    /// Reads introspection XML, or throws the first problem with where it is.
    public init(xml: String) throws(IntrospectionError) {
        let root = try XMLReader.parse(xml)
        guard root.name == "node" else {
            throw IntrospectionError("the root element is <\(root.name)>; introspection data starts with <node>")
        }
        self = try Self.node(root, path: "node")
    }

    /// The interface named `name`, if the object implements it.
    public func interface(named name: String) -> InterfaceDescription? {
        interfaces.first { $0.name == name }
    }
}
