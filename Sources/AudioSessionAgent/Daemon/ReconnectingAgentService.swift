public import AudioPolicy
public import Logging
public import ServiceLifecycle

/// The sound-server agent as a service that outlives its server: when the server goes away it
/// broadcasts `MediaServicesLost`, keeps the registered sessions (configuration and activity),
/// tries to reach the server again with a bounded backoff, and when one answers (the same address,
/// usually a new instance) starts a fresh agent in the same seat and broadcasts `MediaServicesReset`.
///
/// The same service runs either protocol's agent: a ``PulseServerSeat`` makes ``PulseAgent``s
/// (PulseAudio, or PipeWire through pipewire-pulse), a ``PipeWireServerSeat`` ``PipeWireAgent``s
/// (native PipeWire). One coordinator (the sessions and the engine) lives as long as the service;
/// each connection's agent plugs into it through the seat. A new agent discards the journals of
/// instances that are gone, recovers its own instance's journal, and applies the policy to the
/// graph it finds: the streams of active sessions get their effects again (a ducking session
/// ducks the new music stream).
///
/// Graceful shutdown (SIGTERM, SIGINT) works at any point: while serving, the agent undoes every
/// change it made before ``run()`` returns; while waiting for the server, the wait ends at once.
///
/// ```swift
/// let agent = try await ReconnectingAgentService.start(
///     seat: PipeWireServerSeat(configuration: configuration), policy: policy, sinks: [catalog, notifier],
///     notifier: notifier, status: status, logger: logger)
/// let group = ServiceGroup(
///     services: [agent, busService], gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
public final class ReconnectingAgentService<Agent: SeatedAgent>: Service, Sendable {
    /// The policy state every connection's agent serves; the bus service calls into it.
    public let coordinator: PolicyCoordinator
    let agents: CurrentAgent<Agent>
    private let seat: ServerSeat<Agent>
    private let notifier: AgentNotifier
    private let status: AgentStatusBoard
    private let backoff: ReconnectBackoff
    private let logger: Logger

    private init(
        coordinator: PolicyCoordinator, agents: CurrentAgent<Agent>, seat: ServerSeat<Agent>, notifier: AgentNotifier,
        status: AgentStatusBoard, backoff: ReconnectBackoff, logger: Logger
    ) {
        self.coordinator = coordinator
        self.agents = agents
        self.seat = seat
        self.notifier = notifier
        self.status = status
        self.backoff = backoff
        self.logger = logger
    }

    /// Starts the first agent: the server must be reachable now (a daemon that cannot reach it
    /// refuses to start, saying so).
    ///
    /// - Parameters:
    ///   - seat: an empty seat; it says which protocol's agents are started and how they reach
    ///     the server.
    ///   - sinks: decision sinks after the server's own (the stream catalog, the notifier).
    ///   - notifier: broadcasts `MediaServicesLost` and `MediaServicesReset`.
    ///   - status: receives the name of the server reached.
    ///   - logger: where losses, attempts and resets are logged.
    /// - Throws: ``AgentError`` when the server cannot be reached or the journal opened.
    public static func start(
        seat: ServerSeat<Agent>, policy: Policy, sinks: [any DecisionSink], notifier: AgentNotifier,
        status: AgentStatusBoard, logger: Logger, backoff: ReconnectBackoff = ReconnectBackoff()
    ) async throws(AgentError) -> ReconnectingAgentService {
        let coordinator = PolicyCoordinator(
            engine: PolicyEngine(policy: policy), sinks: [seat] + sinks, outerLock: seat, clock: seat.makeClock())
        let agent = try await seat.connect(serving: coordinator)
        let service = ReconnectingAgentService(
            coordinator: coordinator, agents: CurrentAgent(agent), seat: seat, notifier: notifier, status: status,
            backoff: backoff, logger: logger)
        service.showServer(of: agent)
        return service
    }

    /// The agent serving the server now; `nil` while the server is away.
    public var agent: Agent? { agents.now }

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

    private func lose(_ agent: Agent, because error: AgentError) {
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
    private func reconnect() async -> Agent? {
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
                return try await seat.connect(serving: coordinator)
            } catch {
                // Refusals repeat every attempt while the server is away: say it once, then quietly.
                let level: Logger.Level = attempts == 1 || error.kind != .connecting ? .info : .debug
                logger.log(
                    level: level, "the sound server is not back yet",
                    metadata: ["server.attempt": "\(attempts)", "server.reason": "\(error)"])
            }
        }
    }

    private func showServer(of agent: Agent) {
        let server = agent.serverDescription
        if !server.isEmpty { status.update { $0.server = server } }
    }
}
