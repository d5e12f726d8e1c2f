public import AudioPolicy

extension ScenarioStreamState {
    /// The state a user observes for an engine effect, with the silence cause.
    ///
    /// ```swift
    /// ScenarioStreamState(.silenced(.record)).description  // "silenced record"
    /// ```
    public init(_ effect: StreamEffect) {
        switch effect {
        case .playing: self = .playing
        case .ducked(let level): self = .ducked(level: level)
        case .silenced(let cause): self = .silenced(cause)
        }
    }
}
