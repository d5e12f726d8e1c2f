/// A policy file named by a scenario: a shipped or scenario-local file plus fragments merged over it.
///
/// ```swift
/// let reference = ScenarioPolicyReference(base: "policies/default.toml", fragments: ["Scenarios/policies/off-switch.toml"])
/// print(reference)                 // "default.toml + off-switch.toml"
/// let policy = try reference.load()
/// ```
public struct ScenarioPolicyReference: Sendable, Hashable, CustomStringConvertible {
    /// The path of the base file.
    public var base: String
    /// Paths of fragments, merged in order as `policy.d/*.toml` would be.
    public var fragments: [String]

    /// Names a base file and the fragments merged over it.
    public init(base: String, fragments: [String]) {
        self.base = base
        self.fragments = fragments
    }

    /// The files' names, joined with `+`.
    public var description: String {
        ([base] + fragments).map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: " + ")
    }
}
