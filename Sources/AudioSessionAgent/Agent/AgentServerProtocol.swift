/// A sound-server protocol the agent speaks: ``PulseProtocol`` (PulseAudio, and PipeWire through
/// pipewire-pulse) or ``NativePipeWire``. ``SoundServerAgent`` is the one agent over either; what
/// differs (how to connect, mirror the graph and carry decisions out) is the protocol's side,
/// made by ``connect(_:assembly:)``.
///
/// ```swift
/// let agent = try await SoundServerAgent<NativePipeWire>.start(
///     policy: policy, configuration: PipeWireAgentConfiguration(journalDirectory: try .runtime()))
/// ```
public protocol AgentServerProtocol: Sendable {
    /// How the agent reaches a server of this protocol and keeps its journal.
    associatedtype Configuration: AgentConfiguration

    /// Connects to the server `configuration` names, opens its instance's journal through
    /// `assembly`, and makes the protocol's enforcer, graph mirror and translator. For
    /// ``SoundServerAgent`` only.
    ///
    /// - Throws: ``AgentError`` when the server cannot be reached or the journal cannot be opened.
    static func connect(_ configuration: Configuration, assembly: AgentAssembly) async throws(AgentError) -> ConnectedServer
}
