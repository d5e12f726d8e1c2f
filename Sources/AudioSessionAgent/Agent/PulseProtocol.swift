import PulseBackend

/// The pulse protocol: PulseAudio, and PipeWire through pipewire-pulse. Its agent
/// (``PulseAgent``) ducks with sink-input volumes, silences with mutes or corks, moves sink
/// inputs, and repairs stream-restore entries; it takes over the server's own policy modules the
/// policy's `[server-modules]` table names (``ServerModulePlanner``) and switches Bluetooth card
/// profiles.
///
/// ```swift
/// let agent = try await PulseAgent.start(
///     policy: policy, configuration: PulseAgentConfiguration(journalDirectory: try .runtime()))
/// ```
public enum PulseProtocol: AgentServerProtocol {
    /// Connects to the PulseAudio-protocol server `configuration` names (the environment's when it
    /// names none). For ``SoundServerAgent`` only.
    ///
    /// - Throws: ``AgentError`` when the server cannot be reached or the journal cannot be opened.
    public static func connect(
        _ configuration: PulseAgentConfiguration, assembly: AgentAssembly
    ) async throws(AgentError) -> ConnectedServer {
        ConnectedServer(try await PulseServerSide.connect(configuration, assembly: assembly))
    }
}

/// The policy agent on a PulseAudio-protocol server (PulseAudio, or PipeWire through
/// pipewire-pulse).
public typealias PulseAgent = SoundServerAgent<PulseProtocol>
