import AudioPolicy
import PolicyScenarios

/// Prints a simulated scenario step by step, as text for people or as one JSON object per step.
struct SimulationPrinter {
    /// The scenario file as the user named it.
    var path: String
    /// Where the policy came from, in words.
    var policySource: String
    var json: Bool

    func printHeader(_ scenario: Scenario) {
        guard !json else { return }
        print("scenario \(path)" + (scenario.description.isEmpty ? "" : ": \(scenario.description)"))
        print("policy: \(policySource)")
    }

    func printStep(_ result: ScenarioStepResult) {
        if json {
            print(result.json.text)
            return
        }
        print("")
        print("step \(result.step.number) (line \(result.step.line)): \(result.step.actionText)")
        let decisions = result.observation.decisions ?? []
        if decisions.isEmpty { print("  no decisions") }
        for decision in decisions { print("  " + decision.narration) }
        let streams = result.observation.streams.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        print("  streams now: " + (streams.isEmpty ? "none" : streams.joined(separator: ", ")))
        if result.isAsExpected {
            print("  as the table expects")
        } else {
            print("  DIFFERS from the table:")
            for difference in result.differences {
                print("    - " + difference.description.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  "))
            }
        }
    }

    func printSummary(_ run: ScenarioRun) {
        guard !json else { return }
        print("")
        if run.isAsExpected {
            print("every step (\(run.steps.count)) as the table expects")
        } else if let mismatch = run.mismatch {
            let skipped = run.scenario.steps.count - run.steps.count
            let rest =
                switch skipped {
                case 0: ""
                case 1: "; the step after it did not run"
                default: "; the \(skipped) steps after it did not run"
                }
            print("step \(mismatch.step.number) differs from the table" + rest)
        }
    }
}
