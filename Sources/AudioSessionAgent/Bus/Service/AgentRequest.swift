import AudioPolicy
import AudioSessionBus
import AudioSessionContract

/// One call of `org.audiosession.Agent1`, its arguments read into typed values.
///
/// Every call the agent answers becomes a request first, in one place: the call is read as the
/// contract's `AgentCall`, which checks it against `AgentContract` (an unknown method gets
/// `UnknownMethod`, a wrong signature `InvalidArgs` naming what the method takes), then the ids
/// become typed and what depends on the arguments alone (the properties of `RegisterSession`) is
/// checked. What depends on the registry (who owns a session,
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
    case registerSessionWithSecret(SessionProperties)
    case unregisterSession(SessionID)
    case setConfiguration(SessionID, category: String, mode: String, options: [String])
    case activate(SessionID)
    case deactivate(SessionID, notifyOthers: Bool)
    case getState(SessionID)
    case getCurrentRoute(SessionID)
    case overrideOutputPort(SessionID, port: String)
    case setPreferredInput(SessionID, portUID: String)
    case getAvailableInputs(SessionID)
    case getHardwareValues(SessionID)
    case getSecondaryAudioHint(SessionID)
    /// The preferences as sent: read after the ownership check.
    case setPreferredHardware(SessionID, preferences: [String: BusVariant])
    case setPrefersEchoCancelledInput(SessionID, prefers: Bool)
    case isEchoCancelledInputAvailable(SessionID)
    case setInputMuted(SessionID, muted: Bool)
    case isInputMuted(SessionID)
    /// The preference as sent: read after the ownership check.
    case setSessionPreference(SessionID, preference: String, value: Bool)
    case getStatus
    case listSessions
    case listStreams
    case explainStream(StreamID)
    case getInputProcessing(SessionID)
    case getDesktopState
    case setDoNotDisturb(Bool)
    case reloadPolicy

    /// The methods the agent exports: every method of the contract (``AgentCall`` reads each one).
    static let methods = AgentContract.methods.map(\.name)

    /// Reads a call to `method`, or throws the error its caller gets back.
    init(method: String, arguments: BusArguments) throws(BusError) {
        let call: AgentCall
        do {
            call = try AgentCall(method: method, arguments: arguments)
        } catch {
            throw BusError(error.busErrorName, error.description)
        }
        switch call {
        case .registerSession(let properties), .registerSessionWithSecret(let properties):
            let read: SessionProperties
            do {
                read = try SessionProperties(wire: properties.mapValues(Self.wireValue))
            } catch {
                throw BusError(error)
            }
            self = call.method == "RegisterSession" ? .registerSession(read) : .registerSessionWithSecret(read)
        case .unregisterSession(let id): self = .unregisterSession(SessionID(id))
        case .setConfiguration(let id, let category, let mode, let options):
            self = .setConfiguration(SessionID(id), category: category, mode: mode, options: options)
        case .activate(let id): self = .activate(SessionID(id))
        case .deactivate(let id, let notifyOthers): self = .deactivate(SessionID(id), notifyOthers: notifyOthers)
        case .getState(let id): self = .getState(SessionID(id))
        case .getCurrentRoute(let id): self = .getCurrentRoute(SessionID(id))
        case .overrideOutputPort(let id, let port): self = .overrideOutputPort(SessionID(id), port: port)
        case .setPreferredInput(let id, let uid): self = .setPreferredInput(SessionID(id), portUID: uid)
        case .getAvailableInputs(let id): self = .getAvailableInputs(SessionID(id))
        case .getHardwareValues(let id): self = .getHardwareValues(SessionID(id))
        case .getSecondaryAudioHint(let id): self = .getSecondaryAudioHint(SessionID(id))
        case .setPreferredHardware(let id, let preferences): self = .setPreferredHardware(SessionID(id), preferences: preferences)
        case .setPrefersEchoCancelledInput(let id, let prefers): self = .setPrefersEchoCancelledInput(SessionID(id), prefers: prefers)
        case .isEchoCancelledInputAvailable(let id): self = .isEchoCancelledInputAvailable(SessionID(id))
        case .setInputMuted(let id, let muted): self = .setInputMuted(SessionID(id), muted: muted)
        case .isInputMuted(let id): self = .isInputMuted(SessionID(id))
        case .setSessionPreference(let id, let preference, let value):
            self = .setSessionPreference(SessionID(id), preference: preference, value: value)
        case .getStatus: self = .getStatus
        case .listSessions: self = .listSessions
        case .listStreams: self = .listStreams
        case .explainStream(let id): self = .explainStream(StreamID(id))
        case .getInputProcessing(let id): self = .getInputProcessing(SessionID(id))
        case .getDesktopState: self = .getDesktopState
        case .setDoNotDisturb(let enabled): self = .setDoNotDisturb(enabled)
        case .reloadPolicy: self = .reloadPolicy
        }
    }

    /// A property's value as ``SessionProperties`` judges it: the text of a string, the type of anything else.
    private static func wireValue(_ variant: BusVariant) -> SessionProperties.WireValue {
        if case .string(let text) = variant.value { return .string(text) }
        return .other(signature: variant.value.type.signature)
    }
}
