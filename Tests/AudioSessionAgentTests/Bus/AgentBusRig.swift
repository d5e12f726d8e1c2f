import AudioPolicy
import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Logging
import Synchronization

/// The agent's bus service in-process on a private bus, over a real coordinator and engine (the
/// shipped default policy, no sound server), with three client connections that log every signal
/// they receive: `alice` and `bob` (apps), `monitor` (watches broadcasts).
struct AgentBusRig {
    let bus: PrivateDBus
    let service: AgentBusService
    let coordinator: PolicyCoordinator
    let notifier: AgentNotifier
    let alice: AgentClient
    let bob: AgentClient
    let monitor: AgentClient

    /// Starts everything, runs `body`, and stops everything again, also when `body` throws.
    /// `processes` is where the service looks callers' processes up (`/proc` by default).
    static func run<Result: Sendable>(
        processes: any ProcessTable = LinuxProcessTable(), _ body: (AgentBusRig) async throws -> Result
    ) async throws -> Result {
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let connection = try BusConnection(address: bus.address)
        defer { connection.close() }
        let status = AgentStatusBoard(AgentStatus(backend: "pulse", server: "none (test)", policySource: "default.toml"))
        let catalog = StreamCatalog()
        let quiet = Logger(label: "test.agent.bus") { _ in SwiftLogNoOpLogHandler() }
        let notifier = AgentNotifier(connection: connection, status: status, logger: quiet)
        let coordinator = PolicyCoordinator(
            engine: PolicyEngine(policy: try AgentHarness<PrivatePulseAudio>.defaultPolicy), sinks: [catalog, notifier])
        let service = try await AgentBusService.start(
            connection: connection, coordinator: coordinator, catalog: catalog, status: status, processes: processes,
            logger: quiet)
        let clients = try await [AgentClient(address: bus.address), AgentClient(address: bus.address), AgentClient(address: bus.address)]
        defer { for client in clients { client.connection.close() } }
        let rig = AgentBusRig(
            bus: bus, service: service, coordinator: coordinator, notifier: notifier, alice: clients[0], bob: clients[1],
            monitor: clients[2])
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await service.run() }
            for client in clients { group.addTask { await client.log.follow() } }
            defer { group.cancelAll() }
            return try await body(rig)
        }
    }
}
