/// A world a scenario can run in: it carries out the scenario's actions and reports what a user
/// observes, so one ``ScenarioRunner`` checks the same table against any implementation.
///
/// ``PolicyEngineWorld`` is the pure engine. A world over the real agent on a real server starts
/// `audiosessionctl run` for `register`, plays with `paplay` for `appear`, reads stream volumes
/// for the observed states and collects the bus signals each session receives.
///
/// ```swift
/// struct RecordingWorld: ScenarioWorld {
///     var name: String { "a recording" }
///     var performed: [ScenarioAction] = []
///     mutating func perform(_ action: ScenarioAction) { performed.append(action) }
///     mutating func observe(expecting expected: ScenarioExpectation) -> ScenarioObservation {
///         ScenarioObservation(streams: [:], signals: [:], decisions: nil)
///     }
/// }
/// ```
public protocol ScenarioWorld {
    /// Who observes, as differences name it: "the engine", "the agent on PulseAudio".
    var name: String { get }

    /// How far an observed duck level may be from the expected one and still match. A server
    /// stores volumes in steps, so a real world needs more than the engine's exact arithmetic.
    var duckLevelTolerance: Double { get }

    /// Carries out one action as the scenario's apps, clients or administrator would.
    mutating func perform(_ action: ScenarioAction) async throws

    /// What a user observes after the step's actions: every stream the world knows, and the signals
    /// each session received (and, where the world can see them, the decisions made) since the
    /// previous call.
    ///
    /// A world that needs time to settle may wait until ``ScenarioExpectation/differences(from:observer:tolerance:)``
    /// is empty or a deadline passes; it returns what it observed either way, never the expectation.
    mutating func observe(expecting expected: ScenarioExpectation) async throws -> ScenarioObservation
}

extension ScenarioWorld {
    /// Exact: the default for worlds that compute levels rather than measure them.
    public var duckLevelTolerance: Double { 1e-9 }
}
