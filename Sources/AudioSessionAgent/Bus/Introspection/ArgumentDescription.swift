/// One argument of a method or signal: its name (optional in the format) and D-Bus type.
///
/// ```swift
/// ArgumentDescription(name: "properties", type: "a{sv}")
/// ```
public struct ArgumentDescription: Hashable, Sendable {
    /// The argument's name, if the data gives one.
    public var name: String?
    /// A single complete D-Bus type, such as `s` or `a(sd)`.
    public var type: String

    /// Creates an argument description.
    public init(name: String?, type: String) {
        self.name = name
        self.type = type
    }
}
