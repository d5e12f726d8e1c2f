/// One scenario table, as read from `Scenarios/*.toml` (the format is described in `Scenarios/README.md`).
struct Scenario: Sendable {
    /// The scenario file's name, for messages.
    var file: String
    /// What the scenario shows, in a sentence.
    var description: String
    /// The policy the scenario starts with.
    var policy: ScenarioPolicyReference
    /// The sessions apps may register, by name.
    var sessions: [String: ScenarioSession]
    /// The streams that may appear, by name.
    var streams: [String: ScenarioStream]
    /// What happens, in order, with what a user observes after each step.
    var steps: [ScenarioStep]
}
