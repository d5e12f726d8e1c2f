/// One scenario table: a policy, the sessions and streams that take part, and steps, each followed
/// by what a user would observe.
///
/// The format is described in `Tests/AudioPolicyTests/Scenarios/README.md`. Read a file with
/// ``ScenarioParser`` and run it with ``ScenarioRunner``:
///
/// ```swift
/// let scenario = try ScenarioParser(path: "demo.toml", shippedPolicies: "policies").parse(text)
/// print(scenario.description, scenario.steps.count)
/// ```
public struct Scenario: Sendable {
    /// The scenario file's name, for messages.
    public let file: String
    /// What the scenario shows, in a sentence.
    public let description: String
    /// The policy the scenario starts with.
    public let policy: ScenarioPolicyReference
    /// The sessions apps may register, by name.
    public let sessions: [String: ScenarioSession]
    /// The streams that may appear, by name.
    public let streams: [String: ScenarioStream]
    /// What happens, in order, with what a user observes after each step.
    public let steps: [ScenarioStep]
}
