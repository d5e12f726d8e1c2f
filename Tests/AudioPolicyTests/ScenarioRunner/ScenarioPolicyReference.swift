/// A policy file named by a scenario: a shipped or scenario-local file plus fragments merged over it.
struct ScenarioPolicyReference: Sendable, Hashable, CustomStringConvertible {
    /// The path of the base file.
    var base: String
    /// Paths of fragments, merged in order as `policy.d/*.toml` would be.
    var fragments: [String]

    var description: String {
        ([base] + fragments).map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: " + ")
    }
}
