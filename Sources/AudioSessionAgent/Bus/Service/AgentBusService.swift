public import AudioSessionBus
public import Logging
public import ServiceLifecycle

/// The agent on the session bus: `/org/audiosession/Agent` with `org.audiosession.Agent1`, under
/// the name `org.audiosession.Agent`, exactly as docs/dbus-api.md and the checked-in XML say.
///
/// Every call goes through the ``PolicyCoordinator``: session calls with the caller's unique name,
/// and at registration its PID and UID from the bus (never from arguments); queries through
/// ``PolicyCoordinator/read(_:)``. Calls are checked against the contract before their arguments
/// are read; each call is charged to its app's budget (``CallRateLimits``). A connection that leaves
/// the bus has its sessions ended, as a deactivation with notify-others.
///
/// As a swift-service-lifecycle `Service`, ``run()`` answers calls until graceful shutdown or
/// cancellation, then gives the name back and closes the connection.
///
/// ```swift
/// let bus = try BusConnection.sessionBus()
/// let notifier = AgentNotifier(connection: bus, status: board)
/// let coordinator = PolicyCoordinator(engine: PolicyEngine(policy: policy), sinks: [catalog, notifier])
/// let service = try await AgentBusService.start(
///     connection: bus, coordinator: coordinator, catalog: catalog, status: board)
/// try await service.run()
/// ```
public final class AgentBusService: Service, Sendable {
    /// The connection the service answers on.
    public let connection: BusConnection
    let coordinator: PolicyCoordinator
    let catalog: StreamCatalog
    let status: AgentStatusBoard
    let routes: (any SessionRouteSource)?
    let hardware: HardwareSteward?
    let processes: any ProcessTable
    let rateLimiter: CallRateLimiter
    /// The desktop's state: `GetDesktopState` reads it, `SetDoNotDisturb` sets the user's switch.
    let desktop: DesktopStateBoard
    /// What `ReloadPolicy` asks to read the policy again; `nil`: the call is refused (no files to read).
    let policyReloader: PolicyReloadService?
    let logger: Logger
    private let departures: NameOwnerChanges

    private init(
        connection: BusConnection, coordinator: PolicyCoordinator, catalog: StreamCatalog, status: AgentStatusBoard,
        routes: (any SessionRouteSource)?, hardware: HardwareSteward?, processes: any ProcessTable,
        rateLimiter: CallRateLimiter, desktop: DesktopStateBoard, policyReloader: PolicyReloadService?,
        departures: NameOwnerChanges, logger: Logger
    ) {
        self.desktop = desktop
        self.policyReloader = policyReloader
        self.connection = connection
        self.coordinator = coordinator
        self.catalog = catalog
        self.status = status
        self.routes = routes
        self.hardware = hardware
        self.processes = processes
        self.rateLimiter = rateLimiter
        self.departures = departures
        self.logger = logger
    }

    /// Exports the agent's object on `connection`, starts following departures, and takes the
    /// well-known name, refusing to queue for it: when another agent owns it, nothing is exported
    /// and the error names the owner.
    ///
    /// - Parameters:
    ///   - catalog: the stream catalog among the coordinator's sinks (for `ListStreams` and routes).
    ///   - routes: where `GetCurrentRoute` learns the devices of a session the engine does not know
    ///     (the engine's route answers for every other); without one such a session gets an empty route.
    ///   - hardware: the sessions' hardware preferences and values (`SetPreferredHardware`,
    ///     `GetHardwareValues`); without one those calls fail with `Failed`.
    ///   - callRates: how fast each app may call, timed by the coordinator's clock (the monotonic
    ///     clock when it has none).
    ///   - processes: where callers' processes are looked up (binary, Flatpak app id); `/proc`
    ///     unless a test describes its own.
    ///   - desktop: the board the desktop watchers fill; without one, a board of its own that only
    ///     the user's switch changes (not kept across restarts).
    ///   - policyReloader: what `ReloadPolicy` reloads; without one, `ReloadPolicy` fails (the
    ///     agent was given its policy, not files to read again).
    public static func start(
        connection: BusConnection, coordinator: PolicyCoordinator, catalog: StreamCatalog, status: AgentStatusBoard,
        routes: (any SessionRouteSource)? = nil, hardware: HardwareSteward? = nil, callRates: CallRateLimits = .standard,
        processes: any ProcessTable = LinuxProcessTable(), desktop: DesktopStateBoard? = nil,
        policyReloader: PolicyReloadService? = nil,
        logger: Logger = Logger(label: "org.audiosession.agent")
    ) async throws(AgentBusServiceError) -> AgentBusService {
        if let owner = try? await connection.nameOwner(of: AgentInterface.busName) {
            throw nameTaken(by: owner)
        }
        let departures: NameOwnerChanges
        do {
            departures = try await connection.nameOwnerChanges()
        } catch {
            throw AgentBusServiceError(.bus, "cannot follow connections leaving the bus: \(error)")
        }
        let service = AgentBusService(
            connection: connection, coordinator: coordinator, catalog: catalog, status: status, routes: routes,
            hardware: hardware, processes: processes,
            rateLimiter: CallRateLimiter(limits: callRates, clock: coordinator.clock ?? MonotonicAgentClock()),
            desktop: desktop ?? DesktopStateBoard(coordinator: coordinator), policyReloader: policyReloader,
            departures: departures, logger: logger)
        do {
            try connection.export(service.exportedObject())
        } catch {
            throw AgentBusServiceError(.bus, "cannot export \(AgentInterface.objectPath): \(error)")
        }
        let result: NameRequestResult
        do {
            result = try await connection.requestName(AgentInterface.busName, options: [.doNotQueue])
        } catch {
            connection.unexport(service.objectPath)
            throw AgentBusServiceError(.bus, "cannot request \(AgentInterface.busName): \(error)")
        }
        guard result == .primaryOwner || result == .alreadyOwner else {
            connection.unexport(service.objectPath)
            let owner = (try? await connection.nameOwner(of: AgentInterface.busName)) ?? "unknown"
            throw nameTaken(by: owner)
        }
        logger.info(
            "serving on the session bus",
            metadata: ["bus.name": "\(AgentInterface.busName)", "bus.unique-name": "\(connection.uniqueName)"])
        return service
    }

    /// Answers calls and ends the sessions of departing connections until graceful shutdown, task
    /// cancellation or the bus going away; then releases the name and closes the connection.
    public func run() async throws {
        await cancelWhenGracefulShutdown { [self] in
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.connection.serve() }
                group.addTask { await self.followDepartures() }
                // Either ending (the bus closed, or cancellation) ends the service.
                await group.next()
                group.cancelAll()
            }
        }
        await stop()
    }

    /// Gives the name back and closes the connection; safe to call more than once.
    public func stop() async {
        guard connection.isConnected else { return }
        connection.unexport(objectPath)
        _ = try? await connection.releaseName(AgentInterface.busName)
        connection.close()
        logger.info("left the session bus", metadata: ["bus.name": "\(AgentInterface.busName)"])
    }

    var objectPath: BusObjectPath { BusObjectPath(stringLiteral: AgentInterface.objectPath) }

    private func followDepartures() async {
        for await change in departures where change.isDisconnection {
            rateLimiter.forget(connection: change.name)
            endSessions(of: change.name)
        }
    }

    /// Ends every session `connection` holds, as its leaving the bus does.
    func endSessions(of connection: String) {
        let (ended, _) = coordinator.transact { registry in
            let events = registry.connectionClosed(connection)
            return (events.count, events)
        }
        if ended > 0 {
            logger.info(
                "a connection left the bus; its sessions ended",
                metadata: ["bus.connection": "\(connection)", "session.count": "\(ended)"])
        }
    }

    private static func nameTaken(by owner: String) -> AgentBusServiceError {
        AgentBusServiceError(
            .nameTaken,
            "another agent already owns \(AgentInterface.busName) on this bus (connection \(owner)); "
                + "stop it first (systemctl --user stop audiosessiond) or use another bus")
    }
}
