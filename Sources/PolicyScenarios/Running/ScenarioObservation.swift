public import AudioPolicy

/// What a ``ScenarioWorld`` observed after one step.
///
/// ```swift
/// let observation = ScenarioObservation(
///     streams: ["song": .ducked(level: 0.3)], signals: ["maps": [.activated]], decisions: nil)
/// ```
public struct ScenarioObservation: Sendable {
    /// Every stream the world knows now, by scenario name, with its state.
    public var streams: [String: ScenarioStreamState]
    /// The signals each session received during the step, in order; a session missing received none.
    public var signals: [String: [ScenarioSignal]]
    /// The decisions made during the step, in order, or `nil` when the world cannot see them
    /// (a step whose table lists decisions then differs).
    public var decisions: [PolicyDecision]?

    /// Creates an observation.
    public init(streams: [String: ScenarioStreamState], signals: [String: [ScenarioSignal]], decisions: [PolicyDecision]?) {
        self.streams = streams
        self.signals = signals
        self.decisions = decisions
    }
}
