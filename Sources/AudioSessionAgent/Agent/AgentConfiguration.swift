public import Logging

/// What every agent's configuration says, whichever protocol it speaks
/// (``PulseAgentConfiguration``, ``PipeWireAgentConfiguration``): where the journal lives, how long
/// a crashed agent's changes wait before they are undone, who pauses players, and where to log;
/// and how to connect to a server of its protocol. ``SoundServerAgent`` is the one agent over
/// either: ``PulseAgent`` is `SoundServerAgent<PulseAgentConfiguration>`, ``PipeWireAgent``
/// `SoundServerAgent<PipeWireAgentConfiguration>`.
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

    /// Connects to the server this configuration names, opens its instance's journal through
    /// `assembly`, and makes the protocol's mirror, translator and enforcer. For
    /// ``SoundServerAgent`` only.
    ///
    /// - Throws: ``AgentError`` when the server cannot be reached or the journal cannot be opened.
    func connect(assembly: AgentAssembly) async throws(AgentError) -> ConnectedServer
}

extension PulseAgentConfiguration: AgentConfiguration {
    /// Connects to the PulseAudio-protocol server ``server`` names (the environment's when `nil`).
    public func connect(assembly: AgentAssembly) async throws(AgentError) -> ConnectedServer {
        ConnectedServer(try await PulseServerSide.connect(self, assembly: assembly))
    }
}

extension PipeWireAgentConfiguration: AgentConfiguration {
    /// Connects to the PipeWire remote ``remote`` names (the environment's when `nil`).
    public func connect(assembly: AgentAssembly) async throws(AgentError) -> ConnectedServer {
        ConnectedServer(try await PipeWireServerSide.connect(self, assembly: assembly))
    }
}
