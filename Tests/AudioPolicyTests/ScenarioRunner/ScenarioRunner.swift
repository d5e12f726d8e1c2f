import AudioPolicy
import AudioSessionModel

/// Feeds a scenario's steps to the engine and compares what a user would observe with the table.
///
/// The runner stops at the first step that differs, since later steps build on it, and describes
/// the difference: scenario file, step number and line, the step's actions, then one line per
/// stream state, session's signals or decision list that differs.
struct ScenarioRunner {
    var scenario: Scenario

    /// The first difference between the table and the engine, or `nil` when every step matches.
    func firstMismatch() throws -> String? {
        var engine = PolicyEngine(policy: try scenario.policy.load())
        var expectedStates: [String: ExpectedStreamState] = [:]
        var now = 0
        for step in scenario.steps {
            var decisions: [PolicyDecision] = []
            for action in step.actions {
                switch action {
                case .appear(let name): expectedStates[name] = .playing
                case .vanish(let name): expectedStates[name] = nil
                default: break
                }
                for event in try events(for: action, now: &now) { decisions += engine.handle(event) }
            }
            for (name, state) in step.streamStates {
                guard expectedStates[name] != nil else {
                    return report(step, ["stream \(name): the table gives it a state, but it has not appeared or has vanished"])
                }
                expectedStates[name] = state
            }
            let differences = compare(step, engine: engine, decisions: decisions, expectedStates: expectedStates)
            if !differences.isEmpty { return report(step, differences) }
        }
        return nil
    }

    func compare(
        _ step: ScenarioStep, engine: PolicyEngine, decisions: [PolicyDecision], expectedStates: [String: ExpectedStreamState]
    ) -> [String] {
        var differences: [String] = []
        for (name, expected) in expectedStates.sorted(by: { $0.key < $1.key }) {
            guard let effect = engine.effects(on: StreamID(name)) else {
                differences.append("stream \(name): expected \(expected), but the engine does not know it")
                continue
            }
            if !expected.matches(effect) {
                differences.append("stream \(name): expected \(expected), got \(ExpectedStreamState(effect))")
            }
        }
        for extra in engine.streamIDs.map(\.rawValue) where expectedStates[extra] == nil {
            differences.append("stream \(extra): the engine still knows it, the table says it vanished")
        }
        for name in scenario.sessions.keys.sorted() {
            let actual = decisions.filter { $0.session == SessionID(name) }.compactMap(\.scenarioSignal)
            let expected = step.signals[name] ?? []
            if actual != expected {
                differences.append("session \(name) signals: expected \(Self.list(expected)), got \(Self.list(actual))")
            }
        }
        if let expected = step.decisions {
            let actual = decisions.map(\.scenarioText)
            if actual != expected {
                differences.append("decisions: expected\n      \(Self.lines(expected))\n    got\n      \(Self.lines(actual))")
            }
        }
        if !differences.isEmpty && step.decisions == nil {
            differences.append("decisions of the step (for reference):\n      \(Self.lines(decisions.map(\.scenarioText)))")
        }
        return differences
    }

    func report(_ step: ScenarioStep, _ differences: [String]) -> String {
        """
        \(scenario.file) step \(step.number) (line \(step.line)): \(step.actionText)
        \(differences.map { "  - " + $0 }.joined(separator: "\n"))
        """
    }

    static func list(_ signals: [ExpectedSignal]) -> String {
        "[" + signals.map(\.description).joined(separator: ", ") + "]"
    }

    static func lines(_ texts: [String]) -> String {
        texts.isEmpty ? "(none)" : texts.joined(separator: "\n      ")
    }

    // MARK: Events

    func events(for action: ScenarioAction, now: inout Int) throws -> [PolicyEvent] {
        switch action {
        case .register(let name):
            guard let session = scenario.sessions[name] else { return [] }
            return [
                .sessionRegistered(SessionID(name), app: AppIdentity(applicationID: session.app)),
                .sessionConfigured(SessionID(name), session.configuration),
            ]
        case .configure(let name, let configuration): return [.sessionConfigured(SessionID(name), configuration)]
        case .activate(let name): return [.sessionActivated(SessionID(name))]
        case .deactivate(let name, let notify): return [.sessionDeactivated(SessionID(name), notifyOthers: notify)]
        case .end(let name): return [.sessionEnded(SessionID(name))]
        case .appear(let name):
            guard let stream = scenario.streams[name] else { return [] }
            return [.streamAppeared(stream.info)]
        case .start(let name): return [.streamSoundingChanged(StreamID(name), isSounding: true)]
        case .stop(let name): return [.streamSoundingChanged(StreamID(name), isSounding: false)]
        case .vanish(let name): return [.streamVanished(StreamID(name))]
        case .replacePolicy(let reference): return [.policyReplaced(try reference.load())]
        case .wait(let milliseconds):
            now += milliseconds
            return [.timePassed(milliseconds: now)]
        }
    }
}
