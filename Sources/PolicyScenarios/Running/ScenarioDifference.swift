/// One way an observation differs from a step's expectation.
///
/// ```swift
/// print(difference)  // "stream song: expected playing, got ducked 0.3"
/// ```
public struct ScenarioDifference: Sendable, Hashable, CustomStringConvertible {
    /// What differs: `stream song`, `session player signals`, `decisions`.
    public var subject: String
    /// What the table expects, as the scenario file writes it; `nil` when it expects nothing there.
    public var expected: String?
    /// What the world observed, in the same terms; `nil` when it observed nothing there.
    public var observed: String?
    /// The whole difference, in a sentence.
    public var description: String

    /// Creates a difference.
    public init(subject: String, expected: String?, observed: String?, description: String) {
        self.subject = subject
        self.expected = expected
        self.observed = observed
        self.description = description
    }
}
