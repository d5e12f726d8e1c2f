public import ServiceLifecycle

/// Runs a ``PulseAgent`` as a service: until graceful shutdown, then undoes everything the agent
/// did (``PulseAgent/shutdown()``). When the sound server goes away, it broadcasts
/// `MediaServicesLost` and fails, which ends the service group (the systemd unit restarts the agent).
///
/// ```swift
/// let service = PulseAgentService(agent: agent, notifier: notifier)
/// ```
public final class PulseAgentService: Service, Sendable {
    /// The agent it runs.
    public let agent: PulseAgent
    private let notifier: AgentNotifier

    /// A service for `agent` that tells apps through `notifier` when the server is lost.
    public init(agent: PulseAgent, notifier: AgentNotifier) {
        self.agent = agent
        self.notifier = notifier
    }

    public func run() async throws {
        let agent = self.agent
        do {
            try await cancelWhenGracefulShutdown { try await agent.run() }
        } catch {
            notifier.mediaServicesLost()
            await agent.shutdown()
            throw error
        }
        await agent.shutdown()
    }
}
