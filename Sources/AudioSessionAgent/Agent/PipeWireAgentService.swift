public import ServiceLifecycle

/// A ``PipeWireAgent`` as a swift-service-lifecycle `Service`: it runs until a graceful shutdown
/// (SIGTERM or SIGINT), then undoes every change with ``PipeWireAgent/shutdown()``. When the
/// server goes away it throws and the group ends.
///
/// ```swift
/// let agent = try await PipeWireAgent.start(policy: policy, configuration: configuration, sinks: [notifier])
/// let group = ServiceGroup(services: [PipeWireAgentService(agent: agent), busService], logger: logger)
/// try await group.run()
/// ```
public struct PipeWireAgentService: Service {
    /// The agent the service runs.
    public let agent: PipeWireAgent

    /// Wraps a started agent.
    public init(agent: PipeWireAgent) { self.agent = agent }

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
