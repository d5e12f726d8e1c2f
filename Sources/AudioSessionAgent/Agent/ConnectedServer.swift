/// A protocol's side of one ``SoundServerAgent``, connected: what
/// ``AgentConfiguration/connect(assembly:)`` gives the agent. Opaque outside the agent.
///
/// ```swift
/// let server = try await configuration.connect(assembly: assembly)   // inside the agent
/// ```
public final class ConnectedServer: Sendable {
    let side: any ServerSide

    init(_ side: any ServerSide) {
        self.side = side
    }
}
