/// One step: its actions and what must be observed after them.
struct ScenarioStep: Sendable {
    /// 1-based, as people count steps in the file.
    var number: Int
    /// The line of its `[[step]]` header.
    var line: Int
    var actions: [ScenarioAction]
    /// The source text of the actions, for messages.
    var actionText: String
    /// The streams whose state changes (or is restated) in this step.
    var streamStates: [String: ExpectedStreamState]
    /// Every signal each session receives during the step; sessions not named receive none.
    var signals: [String: [ExpectedSignal]]
    /// The exact decisions of the step, when the scenario gives them.
    var decisions: [String]?
}
