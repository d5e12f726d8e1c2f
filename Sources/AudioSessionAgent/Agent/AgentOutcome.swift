/// How a running agent ended, and who is waiting for it: ``SoundServerAgent/run()`` waits here
/// until ``SoundServerAgent/shutdown()`` or a lost connection ends it.
typealias AgentEnding = OnceValue<AgentOutcome>

/// How a running agent ended.
enum AgentOutcome: Sendable, Equatable {
    /// ``SoundServerAgent/shutdown()`` (or a crash simulation) ended it.
    case stopped
    /// The server connection was lost, for this reason.
    case lost(String)
}
