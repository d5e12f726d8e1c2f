import AudioPolicy

/// Runs a scenario's steps in a ``ScenarioWorld`` and compares what a user would observe with the
/// table after every step.
///
/// The runner tracks the table's expectations: a stream that appears is expected `playing`, keeps
/// its last stated state until a step states another, and is expected gone once it vanishes; every
/// session must receive exactly the signals the step lists. It stops after the first step that
/// differs, since later steps build on it.
///
/// ```swift
/// let scenario = try ScenarioParser(path: path, shippedPolicies: "policies").parse(text)
/// if let mismatch = try await ScenarioRunner(scenario: scenario).firstMismatch() { print(mismatch) }
///
/// var world = try PolicyEngineWorld(scenario: scenario, policy: otherPolicy)
/// let run = try await ScenarioRunner(scenario: scenario).run(in: &world)
/// ```
public struct ScenarioRunner: Sendable {
    /// The scenario to run.
    public var scenario: Scenario

    /// Creates a runner for `scenario`.
    public init(scenario: Scenario) {
        self.scenario = scenario
    }

    /// Runs the scenario in `world`, up to and including the first step that differs.
    ///
    /// - Throws: whatever the world throws carrying out an action or observing (for the engine:
    ///   a `replace-policy` step naming a policy that does not load).
    public func run<World: ScenarioWorld>(in world: inout World) async throws -> ScenarioRun {
        var expectedStates: [String: ScenarioStreamState] = [:]
        var results: [ScenarioStepResult] = []
        for step in scenario.steps {
            for action in step.actions {
                switch action {
                case .appear(let name): expectedStates[name] = .playing
                case .vanish(let name): expectedStates[name] = nil
                default: break
                }
                try await world.perform(action)
            }
            var tableErrors: [ScenarioDifference] = []
            for (name, state) in step.streamStates.sorted(by: { $0.key < $1.key }) {
                guard expectedStates[name] != nil else {
                    tableErrors.append(
                        ScenarioDifference(
                            subject: "stream \(name)", expected: state.description, observed: nil,
                            description: "stream \(name): the table gives it a state, but it has not appeared or has vanished"))
                    continue
                }
                expectedStates[name] = state
            }
            let expectation = ScenarioExpectation(
                streams: expectedStates,
                signals: Dictionary(uniqueKeysWithValues: scenario.sessions.keys.map { ($0, step.signals[$0] ?? []) }),
                decisions: step.decisions)
            let observation = try await world.observe(expecting: expectation)
            let differences =
                tableErrors.isEmpty
                ? expectation.differences(from: observation, observer: world.name, tolerance: world.duckLevelTolerance)
                : tableErrors
            results.append(
                ScenarioStepResult(step: step, expectation: expectation, observation: observation, differences: differences))
            if !differences.isEmpty { break }
        }
        return ScenarioRun(scenario: scenario, steps: results)
    }

    /// Runs the scenario against the pure engine under the scenario's own policy.
    ///
    /// - Throws: ``AudioPolicy/PolicyLoadError`` when a policy the scenario names does not load.
    public func run() async throws -> ScenarioRun {
        var world = try PolicyEngineWorld(scenario: scenario)
        return try await run(in: &world)
    }

    /// The first difference between the table and the pure engine as text (see ``ScenarioRun/report``),
    /// or `nil` when every step matches.
    public func firstMismatch() async throws -> String? {
        try await run().report
    }
}
