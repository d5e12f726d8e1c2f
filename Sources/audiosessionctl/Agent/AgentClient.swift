import AudioSessionContract
import AudioPolicy
import AudioSessionBus

/// The agent's D-Bus contract seen from the client side (docs/dbus-api.md): one connection to the
/// session bus, typed calls to `org.audiosession.Agent1`, and errors turned into messages a
/// person can act on.
final class AgentClient: Sendable {
    static let busName = AgentBusAddress.busName
    static let objectPath = BusObjectPath(stringLiteral: AgentBusAddress.objectPath)
    static let interface = AgentBusAddress.interface

    /// The message every command prints when the agent's name has no owner.
    static let notRunningMessage =
        "audiosessiond is not running on this session bus (org.audiosession.Agent has no owner); "
        + "start it with `systemctl --user start audiosessiond`"

    let bus: BusConnection
    let timeout: Duration

    private init(bus: BusConnection, timeout: Duration) {
        self.bus = bus
        self.timeout = timeout
    }

    /// Connects to the bus at `address`, or to `$DBUS_SESSION_BUS_ADDRESS`.
    static func connect(address: String?, timeout: Duration) throws(CtlFailure) -> AgentClient {
        let environmentAddress = ProcessEnvironment.current["DBUS_SESSION_BUS_ADDRESS"]
        guard let address = address ?? environmentAddress, !address.isEmpty else {
            throw CtlFailure(
                "no session bus: DBUS_SESSION_BUS_ADDRESS is not set (and no --bus was given)",
                exitCode: CtlExitCode.unavailable)
        }
        do {
            return AgentClient(bus: try BusConnection(address: address), timeout: timeout)
        } catch {
            throw CtlFailure(
                "cannot reach the session bus at \(address): \(error.message)", exitCode: CtlExitCode.unavailable)
        }
    }

    func close() { bus.close() }

    /// Makes `request` of the agent and maps bus errors to ``CtlFailure``s.
    func call(_ request: AgentCall) async throws(CtlFailure) -> BusArguments {
        do {
            return try await send(request)
        } catch let error as BusError {
            throw Self.failure(for: error, calling: request.method)
        } catch {
            throw CtlFailure("\(request.method) was cancelled", exitCode: CtlExitCode.software)
        }
    }

    /// Makes `request` of the agent, for callers that handle some of its bus errors themselves.
    func send(_ request: AgentCall) async throws -> BusArguments {
        try await bus.call(
            destination: Self.busName, path: Self.objectPath, interface: Self.interface, method: request.method,
            arguments: request.arguments, timeout: timeout)
    }

    static func failure(for error: BusError, calling method: String) -> CtlFailure {
        switch error.name {
        case .serviceUnknown, .nameHasNoOwner:
            CtlFailure(notRunningMessage, exitCode: CtlExitCode.unavailable)
        case .noReply, .timeout, .timedOut:
            CtlFailure(
                "audiosessiond did not answer \(method) in time (\(error.message))", exitCode: CtlExitCode.unavailable)
        case .disconnected, .noServer:
            CtlFailure("lost the session bus: \(error.message)", exitCode: CtlExitCode.unavailable)
        default:
            CtlFailure("\(method) failed: \(error.message) (\(error.name.rawValue))", exitCode: CtlExitCode.software)
        }
    }
}
