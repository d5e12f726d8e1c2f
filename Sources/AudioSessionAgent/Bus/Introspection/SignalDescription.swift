/// A signal of an introspected interface.
///
/// ```swift
/// let ended = SignalDescription(name: "InterruptionEnded", arguments: [.init(name: "session", type: "s"), .init(name: "should_resume", type: "b")])
/// ended.signature  // "sb"
/// ```
public struct SignalDescription: Hashable, Sendable {
    /// The member name.
    public var name: String
    /// The arguments, in order.
    public var arguments: [ArgumentDescription]
    /// Annotations on the signal.
    public var annotations: [AnnotationDescription]

    /// Creates a signal description.
    public init(name: String, arguments: [ArgumentDescription] = [], annotations: [AnnotationDescription] = []) {
        self.name = name
        self.arguments = arguments
        self.annotations = annotations
    }

    /// The signature of the signal's body.
    public var signature: String { arguments.map(\.type).joined() }
}
