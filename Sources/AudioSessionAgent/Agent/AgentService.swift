public import ServiceLifecycle

/// An agent as a swift-service-lifecycle `Service`: it runs until a graceful shutdown (SIGTERM or
/// SIGINT in the executable's `ServiceGroup`), then undoes every change with
/// ``ServedAgent/shutdown()`` before it returns. When the server goes away it throws
/// ``AgentError`` and the group ends.
///
/// ```swift
/// let agent = try await PulseAgent.start(policy: policy, configuration: configuration, sinks: [notifier])
/// let group = ServiceGroup(
///     services: [PulseAgentService(agent: agent), busService],
///     gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
/// try await group.run()
/// ```
public struct AgentService<Agent: ServedAgent>: Service {
    /// The agent the service runs.
    public let agent: Agent

    /// Wraps a started agent.
    public init(agent: Agent) { self.agent = agent }

    /// Runs the agent until a graceful shutdown or cancellation, then undoes its changes.
    public func run() async throws {
        let agent = agent
        do {
            try await cancelWhenGracefulShutdown { try await agent.run() }
        } catch {
            await agent.shutdown()
            throw error
        }
        await agent.shutdown()
    }
}

/// A ``PulseAgent`` as a service.
public typealias PulseAgentService = AgentService<PulseAgent>
/// A ``PipeWireAgent`` as a service.
public typealias PipeWireAgentService = AgentService<PipeWireAgent>
