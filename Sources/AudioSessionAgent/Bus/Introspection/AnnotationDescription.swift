/// An annotation (`<annotation name="…" value="…"/>`) on an interface, member, property or argument.
///
/// ```swift
/// AnnotationDescription(name: "org.freedesktop.DBus.Deprecated", value: "true")
/// ```
public struct AnnotationDescription: Hashable, Sendable {
    /// The annotation's name.
    public var name: String
    /// Its value.
    public var value: String

    /// Creates an annotation.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
