/// What must hold after a step: the table's stream states carried forward, the signals of every
/// session, and the exact decisions when the table lists them.
///
/// ```swift
/// let differences = expectation.differences(from: observation, observer: "the engine")
/// if differences.isEmpty { print("as the table expects") }
/// ```
public struct ScenarioExpectation: Sendable {
    /// Every stream that has appeared and not vanished, with the state it must be in.
    public var streams: [String: ScenarioStreamState]
    /// Every session of the scenario, with the signals it must receive during the step (often none).
    public var signals: [String: [ScenarioSignal]]
    /// The exact decisions in ``AudioPolicy/PolicyDecision/scenarioText`` form, when the table gives them.
    public var decisions: [String]?

    /// Creates an expectation.
    public init(streams: [String: ScenarioStreamState], signals: [String: [ScenarioSignal]], decisions: [String]?) {
        self.streams = streams
        self.signals = signals
        self.decisions = decisions
    }

    /// How `observation` differs from this expectation, one entry per stream, session or decision
    /// list; empty when it meets it.
    ///
    /// - Parameters:
    ///   - observer: who observed, for the messages ("the engine").
    ///   - tolerance: how far a duck level may be off (``ScenarioWorld/duckLevelTolerance``).
    public func differences(
        from observation: ScenarioObservation, observer: String, tolerance: Double = 1e-9
    ) -> [ScenarioDifference] {
        var differences: [ScenarioDifference] = []
        for (name, expected) in streams.sorted(by: { $0.key < $1.key }) {
            guard let observed = observation.streams[name] else {
                differences.append(
                    ScenarioDifference(
                        subject: "stream \(name)", expected: expected.description, observed: nil,
                        description: "stream \(name): expected \(expected), but \(observer) does not know it"))
                continue
            }
            if !expected.matches(observed, tolerance: tolerance) {
                differences.append(
                    ScenarioDifference(
                        subject: "stream \(name)", expected: expected.description, observed: observed.description,
                        description: "stream \(name): expected \(expected), got \(observed)"))
            }
        }
        for (extra, observed) in observation.streams.sorted(by: { $0.key < $1.key }) where streams[extra] == nil {
            differences.append(
                ScenarioDifference(
                    subject: "stream \(extra)", expected: nil, observed: observed.description,
                    description: "stream \(extra): \(observer) still knows it, the table says it vanished"))
        }
        for name in Set(signals.keys).union(observation.signals.keys).sorted() {
            let expected = signals[name] ?? []
            let observed = observation.signals[name] ?? []
            if observed != expected {
                differences.append(
                    ScenarioDifference(
                        subject: "session \(name) signals", expected: Self.list(expected), observed: Self.list(observed),
                        description: "session \(name) signals: expected \(Self.list(expected)), got \(Self.list(observed))"))
            }
        }
        if let expected = decisions {
            let subject = "decisions"
            if let observed = observation.decisions?.map(\.scenarioText) {
                if observed != expected {
                    differences.append(
                        ScenarioDifference(
                            subject: subject, expected: expected.joined(separator: "\n"), observed: observed.joined(separator: "\n"),
                            description: "decisions: expected\n      \(Self.lines(expected))\n    got\n      \(Self.lines(observed))"))
                }
            } else {
                differences.append(
                    ScenarioDifference(
                        subject: subject, expected: expected.joined(separator: "\n"), observed: nil,
                        description: "decisions: expected\n      \(Self.lines(expected))\n    but \(observer) does not report its decisions"))
            }
        }
        return differences
    }

    static func list(_ signals: [ScenarioSignal]) -> String {
        "[" + signals.map(\.description).joined(separator: ", ") + "]"
    }

    /// Decision texts indented to sit under a difference line.
    static func lines(_ texts: [String]) -> String {
        texts.isEmpty ? "(none)" : texts.joined(separator: "\n      ")
    }
}
