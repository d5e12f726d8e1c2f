/// A scenario as it ran: every step up to and including the first that differs from the table
/// (later steps build on it, so the run stops there).
///
/// ```swift
/// let run = try await ScenarioRunner(scenario: scenario).run()
/// print(run.report ?? "every step as the table expects")
/// ```
public struct ScenarioRun: Sendable {
    /// The scenario that ran.
    public var scenario: Scenario
    /// The steps that ran, in order.
    public var steps: [ScenarioStepResult]

    /// Creates a run.
    public init(scenario: Scenario, steps: [ScenarioStepResult]) {
        self.scenario = scenario
        self.steps = steps
    }

    /// Whether every step of the scenario ran and met the table.
    public var isAsExpected: Bool { steps.count == scenario.steps.count && steps.allSatisfy(\.isAsExpected) }

    /// The step that differs, if one does.
    public var mismatch: ScenarioStepResult? { steps.first { !$0.isAsExpected } }

    /// The difference for people, or `nil` when every step matches: the scenario file, step number
    /// and line, the step's actions, one line per difference and, when the table does not list the
    /// step's decisions, the decisions for reference.
    ///
    /// ```
    /// inline.toml step 2 (line 12): appear prompt
    ///   - stream song: expected playing, got ducked 0.3
    ///   - decisions of the step (for reference):
    ///       duck song level=0.3 ramp=250
    /// ```
    public var report: String? {
        guard let mismatch else { return nil }
        var lines = mismatch.differences.map(\.description)
        if mismatch.step.decisions == nil, let decisions = mismatch.observation.decisions {
            lines.append(
                "decisions of the step (for reference):\n      \(ScenarioExpectation.lines(decisions.map(\.scenarioText)))")
        }
        return """
            \(scenario.file) step \(mismatch.step.number) (line \(mismatch.step.line)): \(mismatch.step.actionText)
            \(lines.map { "  - " + $0 }.joined(separator: "\n"))
            """
    }
}
