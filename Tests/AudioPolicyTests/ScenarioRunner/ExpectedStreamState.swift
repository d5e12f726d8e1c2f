import AudioPolicy

/// What a user observes of a stream: the volume and mute state policy gives it.
enum ExpectedStreamState: Sendable, Hashable, CustomStringConvertible {
    case playing
    case ducked(level: Double)
    /// Silenced; with a cause when the scenario names one.
    case silenced(SilenceCause?)

    func matches(_ effect: StreamEffect) -> Bool {
        switch (self, effect) {
        case (.playing, .playing): true
        case (.ducked(let expected), .ducked(let actual)): abs(expected - actual) < 1e-9
        case (.silenced(nil), .silenced): true
        case (.silenced(let expected?), .silenced(let actual)): expected == actual
        default: false
        }
    }

    var description: String {
        switch self {
        case .playing: "playing"
        case .ducked(let level): "ducked \(level)"
        case .silenced(nil): "silenced"
        case .silenced(let cause?): "silenced \(cause.rawValue)"
        }
    }
}
