/// What a service needs of an agent on one sound server, whichever protocol it speaks: run until
/// stopped or the server goes away, then undo everything.
///
/// ```swift
/// let service = AgentService(agent: try await PipeWireAgent.start(policy: policy, configuration: configuration))
/// ```
public protocol ServedAgent: Sendable {
    /// Runs until ``shutdown()`` or cancellation; throws when the server went away.
    func run() async throws(AgentError)
    /// Undoes every change the agent made and disconnects.
    func shutdown() async
}

