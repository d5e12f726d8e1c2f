/// One interface of an introspected object: its methods, signals, properties and annotations.
///
/// ```swift
/// let agent = try IntrospectionDocument(xml: AgentInterface.introspectionXML).interface(named: "org.audiosession.Agent1")
/// agent?.signals.map(\.name)  // ["InterruptionBegan", "InterruptionEnded", ...]
/// ```
public struct InterfaceDescription: Hashable, Sendable {
    /// The interface name, such as `org.audiosession.Agent1`.
    public var name: String
    /// Methods in document order.
    public var methods: [MethodDescription]
    /// Signals in document order.
    public var signals: [SignalDescription]
    /// Properties in document order.
    public var properties: [PropertyDescription]
    /// Annotations on the interface itself.
    public var annotations: [AnnotationDescription]

    /// Creates an interface description.
    public init(
        name: String, methods: [MethodDescription] = [], signals: [SignalDescription] = [],
        properties: [PropertyDescription] = [], annotations: [AnnotationDescription] = []
    ) {
        self.name = name
        self.methods = methods
        self.signals = signals
        self.properties = properties
        self.annotations = annotations
    }

    /// The method named `name`, if there is one.
    public func method(named name: String) -> MethodDescription? { methods.first { $0.name == name } }

    /// The signal named `name`, if there is one.
    public func signal(named name: String) -> SignalDescription? { signals.first { $0.name == name } }

    /// The property named `name`, if there is one.
    public func property(named name: String) -> PropertyDescription? { properties.first { $0.name == name } }
}
