import SoundServer

/// What a ramp step learned of a stream's level before writing the next (``StreamActuator/readLevel(of:then:)``).
///
/// ```swift
/// actuator.readLevel(of: ref) { reading in
///     if case .shown(let level, _) = reading { compare(level, withWhatTheAgentWrote) }
/// }
/// ```
enum LevelReading: Sendable {
    /// The level the agent ramps is its own (a node's Props factor over the user's volumes):
    /// nothing to compare, the step is written.
    case agentsOwn
    /// The stream's level as the server shows it, shared with the user's slider.
    case shown(LevelBase, SoundStream)
    /// The stream is between devices (pipewire-pulse relinking it): its level is not the user's,
    /// so it is neither compared nor written; the next step reads again.
    case unlinked(SoundStream)
    /// The stream is gone or cannot be read: its ramp stops.
    case unreadable
}
