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
    static func run<Result: Sendable>(_ body: (AgentBusRig) async throws -> Result) async throws -> Result {
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
            connection: connection, coordinator: coordinator, catalog: catalog, status: status, logger: quiet)
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

/// A client connection to the agent, as an app has one, with the signals it received.
struct AgentClient: Sendable {
    let connection: BusConnection
    let log: SignalLog

    init(address: String) async throws {
        connection = try BusConnection(address: address)
        log = SignalLog(try await connection.signals(matching: BusMatchRule(interface: AgentInterface.name)))
    }

    /// Calls an agent method.
    @discardableResult
    func call(_ method: String, _ arguments: BusArguments = []) async throws -> BusArguments {
        try await connection.call(
            destination: AgentInterface.busName, path: BusObjectPath(stringLiteral: AgentInterface.objectPath),
            interface: AgentInterface.name, method: method, arguments: arguments, timeout: .seconds(10))
    }

    /// Calls a method that must fail, and returns its error.
    func refusal(_ method: String, _ arguments: BusArguments = []) async throws -> BusError {
        do {
            let reply = try await call(method, arguments)
            throw UnexpectedReply(method: method, reply: reply)
        } catch let error as BusError {
            return error
        }
    }

    /// Registers a session and returns its id.
    func register(applicationID: String = "") async throws -> String {
        let properties: [String: BusVariant] = applicationID.isEmpty ? [:] : ["application-id": BusVariant(.string(applicationID))]
        let (session, _) = try await call("RegisterSession", [properties.busValue]).decode(String.self, String.self)
        return session
    }

    /// Registers, configures and activates a session; returns its id.
    func activeSession(category: String, options: [String] = []) async throws -> String {
        let session = try await register()
        try await call("SetConfiguration", [.string(session), .string(category), .string("default"), options.busValue])
        try await call("Activate", [.string(session)])
        return session
    }

    /// The session's activity, as `GetState` reports it.
    func activity(of session: String) async throws -> String {
        try await call("GetState", [.string(session)]).decode(String.self, at: 0)
    }

    /// Waits for a signal named `member` whose arguments satisfy `match`.
    func waitForSignal(_ member: String, where match: @escaping @Sendable (BusArguments) -> Bool = { _ in true })
        async throws -> BusSignal
    {
        try await waitForValue("signal \(member)", timeout: .seconds(10)) {
            log.signals.first { $0.member == member && match($0.arguments) }
        }
    }
}

struct UnexpectedReply: Error, CustomStringConvertible {
    let method: String
    let reply: BusArguments
    var description: String { "\(method) succeeded with \(reply) but was expected to fail" }
}

/// Every signal a connection received, in order.
final class SignalLog: Sendable {
    private let received = Mutex<[BusSignal]>([])
    private let source: BusSignals

    init(_ source: BusSignals) { self.source = source }

    /// The signals so far.
    var signals: [BusSignal] { received.withLock { $0 } }

    /// Records signals until the connection closes or the task is cancelled.
    func follow() async {
        for await signal in source { received.withLock { $0.append(signal) } }
    }
}
