public import Logging

/// What every agent's configuration says, whichever protocol it speaks
/// (``PulseAgentConfiguration``, ``PipeWireAgentConfiguration``): where the journal lives, how long
/// a crashed agent's changes wait before they are undone, who pauses players, and where to log.
///
/// ```swift
/// func describe(_ configuration: some AgentConfiguration) -> String {
///     "journal in \(configuration.journalDirectory), recovery after \(configuration.recoveryGrace)"
/// }
/// ```
public protocol AgentConfiguration: Sendable {
    /// Where the journal of each server instance lives.
    var journalDirectory: JournalDirectory { get }
    /// How long a new agent waits before it undoes what a crashed one left (clients reconnect meanwhile).
    var recoveryGrace: Duration { get }
    /// Pauses and resumes players (MPRIS) where the policy pauses rather than mutes; `nil` for none.
    var pauser: (any StreamPauser)? { get }
    /// Where the agent logs.
    var logger: Logger { get }
}

extension PulseAgentConfiguration: AgentConfiguration {}
extension PipeWireAgentConfiguration: AgentConfiguration {}
