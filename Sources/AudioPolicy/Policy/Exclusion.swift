/// Streams that are not apps (`[[exclude]]` in files): never targets, never triggers.
///
/// ```swift
/// let meters = Exclusion(why: "level meters: peak-detect captures", property: "resample.method", matcher: .equals("peaks"))
/// meters.matches(["resample.method": "peaks"])  // true
/// ```
public struct Exclusion: Hashable, Sendable {
    /// How a stream property's value is compared.
    public enum Matcher: Hashable, Sendable {
        /// The value equals the string (`equals = "x"`).
        case equals(String)
        /// The value is one of the strings (`any-of = ["a", "b"]`).
        case anyOf([String])
        /// The property is present (`present = true`) or absent (`present = false`).
        case present(Bool)
        /// The value starts with the string (`prefix = "x"`).
        case prefix(String)
    }

    /// Why these streams are excluded, shown by explain.
    public var why: String
    /// The stream property compared.
    public var property: String
    /// How its value is compared.
    public var matcher: Matcher

    /// Creates an exclusion.
    public init(why: String, property: String, matcher: Matcher) {
        self.why = why
        self.property = property
        self.matcher = matcher
    }

    /// Whether a stream with these properties is excluded by this entry.
    public func matches(_ properties: [String: String]) -> Bool {
        let value = properties[property]
        switch matcher {
        case .equals(let expected): return value == expected
        case .anyOf(let accepted): return value.map(accepted.contains) ?? false
        case .present(let present): return (value != nil) == present
        case .prefix(let prefix): return value?.hasPrefix(prefix) ?? false
        }
    }
}
