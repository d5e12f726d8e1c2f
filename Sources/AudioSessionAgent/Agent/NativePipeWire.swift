import PipeWireBackend

/// PipeWire's own protocol, beside WirePlumber. WirePlumber links streams and restores their
/// state; the agent (``PipeWireAgent``) ducks with the node's Props `volume` factor (the user's
/// `channelVolumes` stay WirePlumber's and the user's), pauses nodes, sets `target.object` and
/// `default.configured.*`, and repairs WirePlumber's saved state through `route-settings` (0.4) or
/// the key's next stream (0.5). The registry mirror becomes the same ``Graph`` the pulse protocol
/// fills, so the translator, the engine's events and the routes are shared.
///
/// ```swift
/// let agent = try await PipeWireAgent.start(
///     policy: policy, configuration: PipeWireAgentConfiguration(journalDirectory: try .runtime()))
/// ```
public enum NativePipeWire: AgentServerProtocol {
    /// Connects to the PipeWire remote `configuration` names (the environment's when it names
    /// none). For ``SoundServerAgent`` only.
    ///
    /// - Throws: ``AgentError`` when the server cannot be reached or the journal cannot be opened.
    public static func connect(
        _ configuration: PipeWireAgentConfiguration, assembly: AgentAssembly
    ) async throws(AgentError) -> ConnectedServer {
        ConnectedServer(try await PipeWireServerSide.connect(configuration, assembly: assembly))
    }
}

/// The policy agent on PipeWire's native protocol, beside WirePlumber.
public typealias PipeWireAgent = SoundServerAgent<NativePipeWire>
