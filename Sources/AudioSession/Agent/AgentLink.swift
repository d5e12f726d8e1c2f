import AudioSessionBus
import AudioSessionContract
import AudioSessionModel
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The session's connection to the session bus and its typed calls to the agent
/// (docs/dbus-api.md). Bus failures become ``AudioSessionError``s; "the agent is not there"
/// is told apart (``AgentCallFailure/agentGone``) so callers can fall back to local behaviour.
final class AgentLink: Sendable {
    static let busName = AgentBusAddress.busName
    static let objectPath = BusObjectPath(stringLiteral: AgentBusAddress.objectPath)
    static let interface = AgentBusAddress.interface

    private let address: String?
    private let timeout: Duration
    private let logger: Logger
    /// The connection, and whether ``close()`` was called (no connection is made after it).
    private let connection = Mutex<(bus: BusConnection?, isClosed: Bool)>((nil, false))

    init(address: String?, timeout: Duration, logger: Logger) {
        self.address = address
        self.timeout = timeout
        self.logger = logger
    }

    /// The bus connection, made on first use; `nil` when there is no session bus.
    var bus: BusConnection? { connection.withLock { $0.bus } }

    /// Connects to the bus; logs and returns `nil` when there is none (no agent can be reached then).
    func connect() -> BusConnection? {
        if let bus { return bus }
        guard !connection.withLock({ $0.isClosed }) else { return nil }
        guard let address = address ?? Self.environmentAddress, !address.isEmpty else {
            logger.warning("no session bus (DBUS_SESSION_BUS_ADDRESS is not set): running without the agent")
            return nil
        }
        do {
            let bus = try BusConnection(address: address)
            let kept = connection.withLock { state -> Bool in
                guard !state.isClosed else { return false }
                state.bus = bus
                return true
            }
            if !kept { bus.close() }
            return kept ? bus : nil
        } catch {
            logger.warning(
                "cannot reach the session bus: running without the agent",
                metadata: ["bus.address": "\(address)", "bus.error": "\(error.message)"])
            return nil
        }
    }

    func close() {
        let bus = connection.withLock { state in
            defer { state.isClosed = true }
            return state.bus
        }
        bus?.close()
    }

    private static var environmentAddress: String? {
        guard let value = getenv("DBUS_SESSION_BUS_ADDRESS") else { return nil }
        return String(cString: value)
    }

    /// The agent's current unique name, or `nil` when it is not running.
    func agentOwner() async -> String? {
        guard let bus else { return nil }
        do {
            return try await bus.nameOwner(of: Self.busName)
        } catch {
            return nil
        }
    }

    // MARK: Calls

    /// Registers a session; `previous` (the token and secret an earlier agent gave) keeps the
    /// streams the app already opened tied to the session: the secret proves the token is ours.
    func register(
        applicationID: String?, previous: (token: String, secret: String)?
    ) async throws(AgentCallFailure) -> (session: String, token: String, secret: String, clientNonce: String) {
        var properties: [String: BusVariant] = [:]
        if let applicationID, !applicationID.isEmpty {
            properties["application-id"] = BusVariant(.string(applicationID))
        }
        if let previous {
            properties["stream-token"] = BusVariant(.string(previous.token))
            properties["stream-token-secret"] = BusVariant(.string(previous.secret))
        }
        let reply = try await call(.registerSessionWithSecret(properties: properties))
        let registration = try Self.read(reply, as: SecretRegistrationReply.init(arguments:))
        return (registration.session, registration.streamToken, registration.tokenSecret, registration.clientNonce)
    }

    func configure(_ session: String, _ configuration: SessionConfiguration) async throws(AgentCallFailure) {
        _ = try await call(
            .setConfiguration(
                session: session, category: configuration.category.kebabName, mode: configuration.mode.kebabName,
                options: configuration.options.kebabNames))
    }

    func activate(_ session: String) async throws(AgentCallFailure) {
        _ = try await call(.activate(session: session))
    }

    func deactivate(_ session: String, notifyOthers: Bool) async throws(AgentCallFailure) {
        _ = try await call(.deactivate(session: session, notifyOthers: notifyOthers))
    }

    func unregister(_ session: String) async throws(AgentCallFailure) {
        _ = try await call(.unregisterSession(session: session))
    }

    /// `GetState`'s `other_audio_playing`.
    func isOtherAudioPlaying(_ session: String) async throws(AgentCallFailure) -> Bool {
        try Self.read(try await call(.getState(session: session)), as: SessionStateReply.init(arguments:)).otherAudioPlaying
    }

    /// `GetCurrentRoute`.
    func currentRoute(_ session: String) async throws(AgentCallFailure) -> RouteDescription {
        try Self.read(try await call(.getCurrentRoute(session: session)), as: RouteWireFormat.route(reply:))
    }

    /// Reads a reply with the contract's decoder; a reply of another shape is refused with a
    /// message naming the field and the type the contract gives it.
    static func read<Reply>(
        _ arguments: BusArguments, as decode: (BusArguments) throws(WireFormatError) -> Reply
    ) throws(AgentCallFailure) -> Reply {
        do {
            return try decode(arguments)
        } catch {
            throw .refused(AudioSessionError(.agentRefused, "the agent sent \(error)"))
        }
    }

    func call(_ request: AgentCall) async throws(AgentCallFailure) -> BusArguments {
        guard let bus else { throw .agentGone("there is no session bus") }
        do {
            return try await bus.call(
                destination: Self.busName, path: Self.objectPath, interface: Self.interface, method: request.method,
                arguments: request.arguments, timeout: timeout)
        } catch let error as BusError {
            throw AgentCallFailure(error, calling: request.method)
        } catch {
            throw .agentGone("\(request.method) was cancelled")
        }
    }
}
