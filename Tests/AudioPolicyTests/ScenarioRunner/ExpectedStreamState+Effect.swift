import AudioPolicy

extension ExpectedStreamState {
    /// The state a user observes for an engine effect, with the silence cause.
    init(_ effect: StreamEffect) {
        switch effect {
        case .playing: self = .playing
        case .ducked(let level): self = .ducked(level: level)
        case .silenced(let cause): self = .silenced(cause)
        }
    }
}
