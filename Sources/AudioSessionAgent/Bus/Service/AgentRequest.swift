import AudioPolicy
import AudioSessionBus
import AudioSessionContract

/// One call of `org.audiosession.Agent1`, its arguments read into typed values.
///
/// Every call the agent answers becomes a request first, in one place: the call is checked against
/// ``AgentContract`` (an unknown method gets `UnknownMethod`, a wrong signature `InvalidArgs` naming what
/// the method takes), then its arguments are decoded, and what depends on the arguments alone (the
/// properties of `RegisterSession`) is checked. What depends on the registry (who owns a session,
/// the names of a configuration, an output override) is checked when the request is answered,
/// after ownership, so a stranger learns nothing from an argument error.
///
/// ```swift
/// let request = try AgentRequest(method: "Deactivate", arguments: [.string("3"), .boolean(true)])
/// // .deactivate("3", notifyOthers: true)
/// try AgentRequest(method: "Deactivate", arguments: [.string("3")])
/// // throws InvalidArgs: Deactivate takes (s session, b notify_others), not (s)
/// ```
enum AgentRequest: Hashable, Sendable {
    case registerSession(SessionProperties)
    case unregisterSession(SessionID)
    case setConfiguration(SessionID, category: String, mode: String, options: [String])
    case activate(SessionID)
    case deactivate(SessionID, notifyOthers: Bool)
    case getState(SessionID)
    case getCurrentRoute(SessionID)
    case overrideOutputPort(SessionID, port: String)
    case setPreferredInput(SessionID, portUID: String)
    case getStatus
    case listSessions
    case listStreams
    case explainStream(StreamID)
    case getInputProcessing(SessionID)

    /// The methods the agent exports, as the contract names them.
    static let methods = [
        "RegisterSession", "UnregisterSession", "SetConfiguration", "Activate", "Deactivate", "GetState",
        "GetCurrentRoute", "OverrideOutputPort", "SetPreferredInput", "GetStatus", "ListSessions", "ListStreams",
        "ExplainStream", "GetInputProcessing",
    ]

    /// Reads a call to `method`, or throws the error its caller gets back.
    init(method: String, arguments: BusArguments) throws(BusError) {
        do throws(CallMismatch) {
            try AgentContract.check(method: method, signature: arguments.signature.rawValue)
        } catch {
            throw BusError(error.busErrorName, error.description)
        }
        switch method {
        case "RegisterSession":
            let (wire) = try arguments.decode([String: BusVariant].self)
            do {
                self = .registerSession(try SessionProperties(wire: wire.mapValues(Self.wireValue)))
            } catch {
                throw BusError(error)
            }
        case "UnregisterSession": self = .unregisterSession(try Self.session(arguments))
        case "SetConfiguration":
            let (id, category, mode, options) = try arguments.decode(String.self, String.self, String.self, [String].self)
            self = .setConfiguration(SessionID(id), category: category, mode: mode, options: options)
        case "Activate": self = .activate(try Self.session(arguments))
        case "Deactivate":
            let (id, notifyOthers) = try arguments.decode(String.self, Bool.self)
            self = .deactivate(SessionID(id), notifyOthers: notifyOthers)
        case "GetState": self = .getState(try Self.session(arguments))
        case "GetCurrentRoute": self = .getCurrentRoute(try Self.session(arguments))
        case "OverrideOutputPort":
            let (id, port) = try arguments.decode(String.self, String.self)
            self = .overrideOutputPort(SessionID(id), port: port)
        case "SetPreferredInput":
            let (id, uid) = try arguments.decode(String.self, String.self)
            self = .setPreferredInput(SessionID(id), portUID: uid)
        case "GetStatus": self = .getStatus
        case "ListSessions": self = .listSessions
        case "ListStreams": self = .listStreams
        case "ExplainStream":
            let (id) = try arguments.decode(String.self)
            self = .explainStream(StreamID(id))
        case "GetInputProcessing": self = .getInputProcessing(try Self.session(arguments))
        default:
            // The contract has a method this agent does not serve: a build whose contract tests fail.
            throw BusError(AgentErrorName.unknownMethod, "\(AgentContract.interface).\(method) is in the contract but not served by this agent")
        }
    }

    /// The one argument of the per-session methods that take only the session.
    private static func session(_ arguments: BusArguments) throws(BusError) -> SessionID {
        let (id) = try arguments.decode(String.self)
        return SessionID(id)
    }

    /// A property's value as ``SessionProperties`` judges it: the text of a string, the type of anything else.
    private static func wireValue(_ variant: BusVariant) -> SessionProperties.WireValue {
        if case .string(let text) = variant.value { return .string(text) }
        return .other(signature: variant.value.type.signature)
    }
}
