/// A method of an introspected interface.
///
/// ```swift
/// let deactivate = MethodDescription(name: "Deactivate", inputs: [.init(name: "session", type: "s"), .init(name: "notify_others", type: "b")])
/// deactivate.inputSignature  // "sb"
/// ```
public struct MethodDescription: Hashable, Sendable {
    /// The member name.
    public var name: String
    /// The `in` arguments, in order.
    public var inputs: [ArgumentDescription]
    /// The `out` arguments, in order.
    public var outputs: [ArgumentDescription]
    /// Annotations on the method.
    public var annotations: [AnnotationDescription]

    /// Creates a method description.
    public init(
        name: String, inputs: [ArgumentDescription] = [], outputs: [ArgumentDescription] = [],
        annotations: [AnnotationDescription] = []
    ) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.annotations = annotations
    }

    /// The signature a call's body must have.
    public var inputSignature: String { inputs.map(\.type).joined() }

    /// The signature of the reply's body.
    public var outputSignature: String { outputs.map(\.type).joined() }
}
