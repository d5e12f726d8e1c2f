import AudioPolicy
import SoundServer
import AudioSessionBus
import Logging
public import ServiceLifecycle
import UnixSignals

/// `audiosessiond` as a library: the policy, the sound-server agent, the bus service and the
/// policy reloader, started in that order and run as one service group.
///
/// ``start(_:)`` refuses to start, with a message that says why, when the `--policy` file is bad
/// (a bad file of the search order is logged and the shipped default runs instead, see
/// ``PolicySource/fallback()``), the bus is unreachable or another agent owns
/// `org.audiosession.Agent`, or the sound server cannot be reached; nothing is left behind then. ``run()`` runs until SIGTERM or SIGINT (graceful: the bus
/// name is released and the agent undoes every change it made). When the sound server goes away the
/// agent stays, on either backend: ``ReconnectingAgentService`` broadcasts `MediaServicesLost`, keeps the sessions, and
/// broadcasts `MediaServicesReset` once the server is back.
///
/// ```swift
/// let daemon = try await AgentDaemon.start(configuration)
/// try await daemon.run()
/// ```
public final class AgentDaemon: Sendable {
    /// The agent's status, as `GetStatus` reports it.
    public let status: AgentStatusBoard
    /// The parts, in start order: sound-server agent, bus service, policy reloader.
    public let services: [any Service]
    private let logger: Logger
    private let shutdownSignals: UnixSignalsSequence

    private init(status: AgentStatusBoard, services: [any Service], shutdownSignals: UnixSignalsSequence, logger: Logger) {
        self.status = status
        self.services = services
        self.shutdownSignals = shutdownSignals
        self.logger = logger
    }

    /// Loads the policy, connects to the bus and the sound server, and takes the bus name.
    public static func start(_ configuration: AgentDaemonConfiguration) async throws(AgentDaemonError) -> AgentDaemon {
        let logger = configuration.logger
        let loaded: LoadedPolicy
        do {
            loaded = try configuration.policy.load()
        } catch {
            guard let fallback = configuration.policy.fallback() else {
                throw AgentDaemonError(.policy, "the policy cannot be loaded:\n\(error.description)")
            }
            // Refusing to start would leave whatever a previous agent ducked or muted as it is
            // until the user finds the file; the shipped default is a policy the user can live with.
            logger.error(
                "the policy cannot be loaded: the agent runs with the shipped default policy until it is fixed (then SIGHUP)",
                metadata: ["policy.problem": "\(error.description)", "policy.files": "\(fallback.files.joined(separator: ", "))"])
            loaded = fallback
        }
        logger.info(
            "policy loaded",
            metadata: ["policy.files": "\(loaded.files.joined(separator: ", "))", "policy.enabled": "\(loaded.policy.enabled)"])

        // Trapped before anything is taken or changed: a SIGTERM during start-up (systemd stopping
        // the unit at once, a test ending early) waits for ``run()`` and shuts down gracefully
        // instead of killing the process with the bus name taken.
        let shutdownSignals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        let bus = try connectBus(configuration.busAddress)
        if let owner = try? await bus.nameOwner(of: AgentInterface.busName) {
            bus.close()
            throw AgentDaemonError(
                .bus,
                "another agent already owns \(AgentInterface.busName) on this bus (connection \(owner)); "
                    + "stop it first (systemctl --user stop audiosessiond)")
        }
        let hangUps = await UnixSignalsSequence(trapping: .sighup)
        let status = AgentStatusBoard(
            AgentStatus(backend: configuration.backend.rawValue, server: "", policySource: loaded.files.first ?? ""))
        let catalog = StreamCatalog()
        let notifier = AgentNotifier(connection: bus, status: status, logger: logger)
        // Players of silenced streams are paused over MPRIS too, on the agent's own bus connection.
        let pauser = MprisPauser(connection: bus, logger: logger)

        let server: ServedServer
        let hardware: HardwareSteward
        let journal: JournalDirectory
        do {
            journal = try configuration.journalDirectory ?? JournalDirectory.runtime()
            hardware = hardwareSteward(configuration, journal: journal, status: status)
            server = try await serve(
                configuration, policy: loaded.policy, journal: journal, pauser: pauser, sinks: [catalog, notifier, hardware],
                notifier: notifier, status: status)
        } catch {
            bus.close()
            throw AgentDaemonError(.soundServer, "\(error)")
        }
        let routes = server.routes
        hardware.follow { routes.current()?.graph }

        // The user's do-not-disturb switch is kept beside the journal: an agent that restarts keeps it.
        let board = DesktopStateBoard(
            coordinator: server.coordinator,
            userSwitchFile: journal.path + "/do-not-disturb")
        let reloader = PolicyReloadService(
            source: configuration.policy, coordinator: server.coordinator, status: status, hangUps: hangUps, logger: logger)
        let busService: AgentBusService
        do {
            busService = try await AgentBusService.start(
                connection: bus, coordinator: server.coordinator, catalog: catalog, status: status,
                routes: server.routes, hardware: hardware, desktop: board, policyReloader: reloader, logger: logger)
        } catch {
            await server.shutdown()
            bus.close()
            throw AgentDaemonError(.bus, error.message)
        }
        // The hardware steward before the agent, so that it stops after it and writes the clock back last.
        var services: [any Service] = [pauser, hardware, server.service, busService, reloader]
        if let systemBusAddress = configuration.systemBusAddress {
            for source in [DesktopSignalSource.screenSavers, .notificationsInhibited, .gnomeBannersHidden] {
                services.append(SessionBusDesktopWatcher(source, sessionBus: bus, board: board, logger: logger))
            }
            services.append(LogindWatcher(systemBusAddress: systemBusAddress, board: board, sessionBus: bus, logger: logger))
        }
        return AgentDaemon(
            status: status,
            // The pauser first, so that it stops last: the agent's shutdown may still resume players.
            // The desktop watchers last, so that they stop first and logind's inhibitor is released.
            services: services,
            shutdownSignals: shutdownSignals, logger: logger)
    }

    /// Runs the parts until SIGTERM or SIGINT, then shuts them down in reverse order: the reloader,
    /// the bus service (which releases the name), the agent (which undoes everything).
    ///
    /// - Throws: when a part fails, for example when the bus connection breaks.
    public func run() async throws {
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [], logger: logger))
        let shutdownSignals = shutdownSignals
        try await withThrowingTaskGroup(of: Bool.self) { tasks in
            tasks.addTask {
                try await group.run()
                return true
            }
            tasks.addTask {
                // The signals trapped since start(), including any that came during start-up.
                for await _ in shutdownSignals {
                    await group.triggerGracefulShutdown()
                    break
                }
                return false
            }
            while let groupEnded = try await tasks.next() {
                if groupEnded {
                    tasks.cancelAll()
                    return
                }
            }
        }
    }

    /// The sound-server side of the daemon, whichever protocol it speaks.
    private struct ServedServer {
        let coordinator: PolicyCoordinator
        let routes: GraphRouteSource
        let service: any Service
        let shutdown: @Sendable () async -> Void
    }

    /// Starts the agent for the configured backend, on either protocol one that reconnects when
    /// the server comes back.
    private static func serve(
        _ configuration: AgentDaemonConfiguration, policy: Policy, journal: JournalDirectory, pauser: MprisPauser,
        sinks: [any DecisionSink], notifier: AgentNotifier, status: AgentStatusBoard
    ) async throws -> ServedServer {
        switch configuration.backend {
        case .pulse:
            let seat = PulseServerSeat(
                configuration: PulseAgentConfiguration(
                    server: configuration.soundServer, journalDirectory: journal, recoveryGrace: configuration.recoveryGrace,
                    pauser: pauser, logger: configuration.logger))
            return try await serve(seat, policy: policy, sinks: sinks, notifier: notifier, status: status, logger: configuration.logger)
        case .pipewire:
            let seat = PipeWireServerSeat(
                configuration: PipeWireAgentConfiguration(
                    remote: configuration.soundServer, journalDirectory: journal, recoveryGrace: configuration.recoveryGrace,
                    pauser: pauser, logger: configuration.logger))
            return try await serve(seat, policy: policy, sinks: sinks, notifier: notifier, status: status, logger: configuration.logger)
        }
    }

    private static func serve<Agent: SeatedAgent>(
        _ seat: ServerSeat<Agent>, policy: Policy, sinks: [any DecisionSink], notifier: AgentNotifier,
        status: AgentStatusBoard, logger: Logger
    ) async throws -> ServedServer {
        let service = try await ReconnectingAgentService.start(
            seat: seat, policy: policy, sinks: sinks, notifier: notifier, status: status, logger: logger)
        let agents = service.agents
        return ServedServer(
            coordinator: service.coordinator, routes: GraphRouteSource { agents.now.map { ($0.graph, $0.serverInstance) } },
            service: service, shutdown: { await service.agent?.shutdown() })
    }

    /// The steward of the sessions' hardware preferences: the PipeWire clock of the configured
    /// remote (native backend) or of the default one (pipewire-pulse), forced only while the server
    /// is PipeWire.
    private static func hardwareSteward(
        _ configuration: AgentDaemonConfiguration, journal: JournalDirectory, status: AgentStatusBoard
    ) -> HardwareSteward {
        let isNative = configuration.backend == .pipewire
        let clock = PipeWireSettingsClock(
            remote: isNative ? configuration.soundServer : nil, journalDirectory: journal, logger: configuration.logger)
        return HardwareSteward(
            clock: clock, isPipeWire: { isNative || status.current.server.contains("PipeWire") }, logger: configuration.logger)
    }

    private static func connectBus(_ address: String?) throws(AgentDaemonError) -> BusConnection {
        do {
            if let address { return try BusConnection(address: address) }
            return try BusConnection.sessionBus()
        } catch {
            throw AgentDaemonError(
                .bus, "cannot reach the session bus (DBUS_SESSION_BUS_ADDRESS): \(error.message)")
        }
    }
}
