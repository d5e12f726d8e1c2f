public import AudioPolicy

/// What a user observes of a stream: the volume and mute state policy gives it. Scenario files
/// write it as its ``description``; worlds report what they observe in the same terms.
///
/// ```swift
/// let expected = ScenarioStreamState.ducked(level: 0.3)
/// expected.matches(.ducked(level: 0.3001), tolerance: 0.01)  // true
/// ```
public enum ScenarioStreamState: Sendable, Hashable, CustomStringConvertible {
    /// The volume and mute state the app and user set; nothing from policy.
    case playing
    /// Lowered to a linear volume factor.
    case ducked(level: Double)
    /// Silenced (paused or muted); with a cause when the scenario names one or the world can see it.
    case silenced(SilenceCause?)

    /// Whether `observed` satisfies this expected state: duck levels within `tolerance`, and a
    /// silence without a cause accepts any cause.
    public func matches(_ observed: ScenarioStreamState, tolerance: Double = 1e-9) -> Bool {
        switch (self, observed) {
        case (.playing, .playing): true
        case (.ducked(let expected), .ducked(let actual)): abs(expected - actual) <= tolerance
        case (.silenced(nil), .silenced): true
        case (.silenced(let expected?), .silenced(let actual)): expected == actual
        default: false
        }
    }

    /// The state as scenario files write it: `playing`, `ducked 0.3`, `silenced interruption`.
    public var description: String {
        switch self {
        case .playing: "playing"
        case .ducked(let level): "ducked \(level)"
        case .silenced(nil): "silenced"
        case .silenced(let cause?): "silenced \(cause.rawValue)"
        }
    }
}
