public import ServiceLifecycle

/// A ``PulseAgent`` as a swift-service-lifecycle `Service`: it runs until a graceful shutdown
/// (SIGTERM or SIGINT in the executable's `ServiceGroup`), then undoes every change with
/// ``PulseAgent/shutdown()`` before it returns. When the server goes away it throws
/// ``PulseAgentError`` and the group ends.
///
/// ```swift
/// let agent = try await PulseAgent.start(policy: policy, configuration: configuration, sinks: [notifier])
/// let group = ServiceGroup(
///     services: [PulseAgentService(agent: agent), busService],
///     gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
/// try await group.run()
/// ```
public struct PulseAgentService: Service {
    /// The agent the service runs.
    public let agent: PulseAgent

    /// Wraps a started agent.
    public init(agent: PulseAgent) { self.agent = agent }

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
