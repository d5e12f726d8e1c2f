import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting

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
            interface: AgentInterface.name, method: method, arguments: arguments, timeout: .seconds(30))
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
        try await waitForValue("signal \(member)", timeout: .seconds(30)) {
            log.signals.first { $0.member == member && match($0.arguments) }
        }
    }
}
