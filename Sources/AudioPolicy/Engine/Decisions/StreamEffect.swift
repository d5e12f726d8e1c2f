/// What policy does to a stream at the moment.
public enum StreamEffect: Hashable, Sendable {
    /// Nothing: the stream plays as the app and user set it.
    case playing
    /// Lowered to a linear volume factor.
    case ducked(level: Double)
    /// Silenced (paused or muted by the enforcer).
    case silenced(SilenceCause)
}
