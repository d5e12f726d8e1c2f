public import AudioPolicy
import Logging
import PulseBackend
import SoundServer
public import ServiceLifecycle

/// The sound-server agent as a service that outlives its server: when the server goes away it
/// broadcasts `MediaServicesLost`, keeps the registered sessions (configuration and activity),
/// tries to reach the server again with a bounded backoff, and when one answers (the same address,
/// usually a new instance) starts a fresh agent in the same seat and broadcasts `MediaServicesReset`.
///
/// One coordinator (the sessions and the engine) lives as long as the service; each connection's
/// ``PulseAgent`` plugs into it through a ``PulseServerSeat``. A new agent discards the journals of
/// instances that are gone, recovers its own instance's journal, and applies the policy to the
/// graph it finds: the streams of active sessions get their effects again (a ducking session
/// ducks the new music stream).
///
/// Graceful shutdown (SIGTERM, SIGINT) works at any point: while serving, the agent undoes every
/// change it made before ``run()`` returns; while waiting for the server, the wait ends at once.
///
/// ```swift
/// let agent = try await ReconnectingAgentService.start(
///     policy: policy, configuration: configuration, sinks: [catalog, notifier], notifier: notifier)
/// let group = ServiceGroup(
///     services: [agent, busService], gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
public final class ReconnectingAgentService: Service, Sendable {
    /// The policy state every connection's agent serves; the bus service calls into it.
    public let coordinator: PolicyCoordinator
    let agents: CurrentPulseAgent
    private let seat: PulseServerSeat
    private let configuration: PulseAgentConfiguration
    private let notifier: AgentNotifier
    private let status: AgentStatusBoard
    private let backoff: ReconnectBackoff
    private let logger: Logger

    private init(
        coordinator: PolicyCoordinator, agents: CurrentPulseAgent, seat: PulseServerSeat,
        configuration: PulseAgentConfiguration, notifier: AgentNotifier, status: AgentStatusBoard,
        backoff: ReconnectBackoff
    ) {
        self.coordinator = coordinator
        self.agents = agents
        self.seat = seat
        self.configuration = configuration
        self.notifier = notifier
        self.status = status
        self.backoff = backoff
        self.logger = configuration.logger
    }

    /// Starts the first agent: the server must be reachable now (a daemon that cannot reach it
    /// refuses to start, saying so).
    ///
    /// - Parameters:
    ///   - sinks: decision sinks after the server's own (the stream catalog, the notifier).
    ///   - notifier: broadcasts `MediaServicesLost` and `MediaServicesReset`.
    ///   - status: receives the name of the server reached.
    /// - Throws: ``PulseAgentError`` when the server cannot be reached or the journal opened.
    public static func start(
        policy: Policy, configuration: PulseAgentConfiguration, sinks: [any DecisionSink], notifier: AgentNotifier,
        status: AgentStatusBoard, backoff: ReconnectBackoff = ReconnectBackoff()
    ) async throws(PulseAgentError) -> ReconnectingAgentService {
        let seat = PulseServerSeat()
        let coordinator = PolicyCoordinator(
            engine: PolicyEngine(policy: policy), sinks: [seat] + sinks, outerLock: seat, clock: MonotonicAgentClock())
        let agent = try await PulseAgent.start(in: seat, coordinator: coordinator, configuration: configuration)
        let service = ReconnectingAgentService(
            coordinator: coordinator, agents: CurrentPulseAgent(agent), seat: seat, configuration: configuration,
            notifier: notifier, status: status, backoff: backoff)
        service.showServer(of: agent)
        return service
    }

    /// The agent serving the server now; `nil` while the server is away.
    public var agent: PulseAgent? { agents.now }

    /// Serves, and reconnects after losses, until graceful shutdown or cancellation; then undoes
    /// every change the serving agent made.
    public func run() async throws {
        await cancelWhenGracefulShutdown { await self.serve() }
        if let agent = agents.now { await agent.shutdown() }
    }

    private func serve() async {
        while let agent = agents.now {
            do {
                try await agent.run()
                return  // shut down or cancelled
            } catch {
                lose(agent, because: error)
            }
            guard let next = await reconnect() else { return }
            agents.replace(with: next)
            showServer(of: next)
            notifier.mediaServicesReset()
            logger.info(
                "the sound server is back: media services reset", metadata: ["server.instance": "\(next.serverInstance)"])
        }
    }

    private func lose(_ agent: PulseAgent, because error: PulseAgentError) {
        logger.error(
            "the sound server went away: media services lost; the sessions stay and the agent waits for the server",
            metadata: ["server.instance": "\(agent.serverInstance)", "server.reason": "\(error.message)"])
        // First, so that what the engine makes of the vanishing streams reaches no session: apps
        // hear of the loss and then of the reset, nothing in between.
        notifier.mediaServicesLost()
        agents.replace(with: nil)
        agent.leaveAfterLoss()
    }

    /// Tries to start an agent after each wait of the backoff; `nil` when cancelled (shutdown).
    private func reconnect() async -> PulseAgent? {
        var backoff = self.backoff
        var attempts = 0
        while true {
            do {
                try await Task.sleep(for: backoff.next())
            } catch {
                return nil
            }
            attempts += 1
            do {
                return try await PulseAgent.start(in: seat, coordinator: coordinator, configuration: configuration)
            } catch {
                // Refusals repeat every attempt while the server is away: say it once, then quietly.
                let level: Logger.Level = attempts == 1 || error.kind != .connecting ? .info : .debug
                logger.log(
                    level: level, "the sound server is not back yet",
                    metadata: ["server.attempt": "\(attempts)", "server.reason": "\(error)"])
            }
        }
    }

    private func showServer(of agent: PulseAgent) {
        if let server = agent.mirror.graph.server {
            status.update { $0.server = "\(server.name) \(server.version)" }
        }
    }
}
