public import ServiceLifecycle

/// Runs the sound-server agent's service and, when it fails because the server went away,
/// broadcasts `MediaServicesLost` before the failure ends the service group (while the bus
/// service still runs, so apps hear it).
///
/// ```swift
/// let service = ServerLossAnnouncingService(PulseAgentService(agent: agent), notifier: notifier)
/// ```
public struct ServerLossAnnouncingService: Service {
    private let agentService: any Service
    private let notifier: AgentNotifier

    /// Wraps `agentService`, announcing its failure through `notifier`.
    public init(_ agentService: any Service, notifier: AgentNotifier) {
        self.agentService = agentService
        self.notifier = notifier
    }

    public func run() async throws {
        do {
            try await agentService.run()
        } catch {
            notifier.mediaServicesLost()
            throw error
        }
    }
}
