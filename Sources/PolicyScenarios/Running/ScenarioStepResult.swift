/// One step as it ran: what the table expected, what the world observed, and how they differ.
///
/// ```swift
/// for result in run.steps {
///     print("step \(result.step.number):", result.isAsExpected ? "as expected" : "differs")
/// }
/// ```
public struct ScenarioStepResult: Sendable {
    /// The step from the scenario file.
    public var step: ScenarioStep
    /// What had to hold after it.
    public var expectation: ScenarioExpectation
    /// What the world observed after it.
    public var observation: ScenarioObservation
    /// How the observation differs from the expectation (and the table's own inconsistencies).
    public var differences: [ScenarioDifference]

    /// Creates a result.
    public init(
        step: ScenarioStep, expectation: ScenarioExpectation, observation: ScenarioObservation,
        differences: [ScenarioDifference]
    ) {
        self.step = step
        self.expectation = expectation
        self.observation = observation
        self.differences = differences
    }

    /// Whether the step met every expectation.
    public var isAsExpected: Bool { differences.isEmpty }
}
