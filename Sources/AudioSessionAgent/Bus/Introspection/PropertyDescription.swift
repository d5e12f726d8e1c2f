/// A property of an introspected interface.
///
/// ```swift
/// PropertyDescription(name: "Version", type: "u", access: .read)
/// ```
public struct PropertyDescription: Hashable, Sendable {
    /// Whether the property can be read, written or both.
    public enum Access: String, Hashable, Sendable, CaseIterable {
        /// Read only.
        case read
        /// Write only.
        case write
        /// Read and write.
        case readwrite
    }

    /// The property name.
    public var name: String
    /// A single complete D-Bus type.
    public var type: String
    /// How it may be accessed.
    public var access: Access
    /// Annotations on the property.
    public var annotations: [AnnotationDescription]

    /// Creates a property description.
    public init(name: String, type: String, access: Access, annotations: [AnnotationDescription] = []) {
        self.name = name
        self.type = type
        self.access = access
        self.annotations = annotations
    }
}
