/// One step: its actions and what must be observed after them.
///
/// ```swift
/// for step in scenario.steps { print("step \(step.number) (line \(step.line)): \(step.actionText)") }
/// ```
public struct ScenarioStep: Sendable {
    /// 1-based, as people count steps in the file.
    public let number: Int
    /// The line of its `[[step]]` header.
    public let line: Int
    /// What happens, in order.
    public let actions: [ScenarioAction]
    /// The source text of the actions, for messages.
    public let actionText: String
    /// The streams whose state changes (or is restated) in this step.
    public let streamStates: [String: ScenarioStreamState]
    /// Every signal each session receives during the step; sessions not named receive none.
    public let signals: [String: [ScenarioSignal]]
    /// The exact decisions of the step in ``AudioPolicy/PolicyDecision/scenarioText`` form, when
    /// the scenario gives them.
    public let decisions: [String]?
}
