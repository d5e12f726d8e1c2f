public import AudioSessionBus

/// A call of `org.audiosession.Agent1` with its arguments: clients build one and send ``method``
/// with ``arguments``; the agent reads it back with ``init(method:arguments:)``, which checks the
/// call against ``AgentContract`` first.
///
/// ```swift
/// let call = AgentCall.deactivate(session: "3", notifyOthers: true)
/// call.method      // "Deactivate"
/// call.arguments   // [.string("3"), .boolean(true)]
/// try AgentCall(method: "Deactivate", arguments: [.string("3")])
/// // throws CallMismatch: Deactivate takes (s session, b notify_others), not (s)
/// ```
public enum AgentCall: Hashable, Sendable {
    /// `RegisterSession`: the properties by name (`application-id`, `stream-token`), each a variant.
    case registerSession(properties: [String: BusVariant])
    /// `RegisterSessionWithSecret`: the same properties (also `stream-token-secret`, `stream-token-use`);
    /// its reply adds the token's secret and the client nonce (``SecretRegistrationReply``).
    case registerSessionWithSecret(properties: [String: BusVariant])
    case unregisterSession(session: String)
    /// `SetConfiguration` with kebab-case names.
    case setConfiguration(session: String, category: String, mode: String, options: [String])
    case activate(session: String)
    case deactivate(session: String, notifyOthers: Bool)
    case getState(session: String)
    case getCurrentRoute(session: String)
    /// `OverrideOutputPort`: `none` or `speaker`.
    case overrideOutputPort(session: String, port: String)
    /// `SetPreferredInput`: a port uid, or empty for none.
    case setPreferredInput(session: String, portUID: String)
    /// `GetAvailableInputs`: the inputs `SetPreferredInput` accepts.
    case getAvailableInputs(session: String)
    /// `GetHardwareValues`: what the server uses for the session's route (``HardwareValuesReply``).
    case getHardwareValues(session: String)
    /// `GetSecondaryAudioHint`: whether the session's secondary-audio hint has begun.
    case getSecondaryAudioHint(session: String)
    /// `SetPreferredHardware`: `sample-rate` (`u`) and `io-buffer-duration` (`d`, seconds); zero or
    /// absent means no preference (``HardwarePreferenceKeys``).
    case setPreferredHardware(session: String, preferences: [String: BusVariant])
    /// `SetPrefersEchoCancelledInput`: the app asks for echo-cancelled input (`true`) or for none.
    case setPrefersEchoCancelledInput(session: String, prefers: Bool)
    /// `IsEchoCancelledInputAvailable`: whether asking would give the session a canceller now.
    case isEchoCancelledInputAvailable(session: String)
    /// `SetInputMuted`: the app mutes (`true`) or unmutes all of its input.
    case setInputMuted(session: String, muted: Bool)
    /// `IsInputMuted`: whether the app's input is muted.
    case isInputMuted(session: String)
    /// `SetSessionPreference`: one of the session's yes-or-no preferences by its kebab-case name
    /// (`interruption-on-route-disconnect`, see `SessionPreference`), set or cleared.
    case setSessionPreference(session: String, preference: String, value: Bool)
    case getStatus
    case listSessions
    case listStreams
    case explainStream(stream: String)
    case getInputProcessing(session: String)
    /// `GetDesktopState`: sleep, lock and do-not-disturb as the agent follows them (``DesktopStateReply``).
    case getDesktopState
    /// `SetDoNotDisturb`: the user's own do-not-disturb switch (`audiosessionctl dnd on`).
    case setDoNotDisturb(enabled: Bool)
    /// `ReloadPolicy`: read the policy files again, as SIGHUP does, and answer with the files now in force.
    case reloadPolicy

    /// The method's member name in the interface.
    public var method: String {
        switch self {
        case .registerSession: "RegisterSession"
        case .registerSessionWithSecret: "RegisterSessionWithSecret"
        case .unregisterSession: "UnregisterSession"
        case .setConfiguration: "SetConfiguration"
        case .activate: "Activate"
        case .deactivate: "Deactivate"
        case .getState: "GetState"
        case .getCurrentRoute: "GetCurrentRoute"
        case .overrideOutputPort: "OverrideOutputPort"
        case .setPreferredInput: "SetPreferredInput"
        case .getAvailableInputs: "GetAvailableInputs"
        case .getHardwareValues: "GetHardwareValues"
        case .getSecondaryAudioHint: "GetSecondaryAudioHint"
        case .setPreferredHardware: "SetPreferredHardware"
        case .setPrefersEchoCancelledInput: "SetPrefersEchoCancelledInput"
        case .isEchoCancelledInputAvailable: "IsEchoCancelledInputAvailable"
        case .setInputMuted: "SetInputMuted"
        case .isInputMuted: "IsInputMuted"
        case .setSessionPreference: "SetSessionPreference"
        case .getStatus: "GetStatus"
        case .listSessions: "ListSessions"
        case .listStreams: "ListStreams"
        case .explainStream: "ExplainStream"
        case .getInputProcessing: "GetInputProcessing"
        case .getDesktopState: "GetDesktopState"
        case .setDoNotDisturb: "SetDoNotDisturb"
        case .reloadPolicy: "ReloadPolicy"
        }
    }

    /// The call's arguments, in the interface's order.
    public var arguments: BusArguments {
        switch self {
        case .registerSession(let properties), .registerSessionWithSecret(let properties): [properties.busValue]
        case .unregisterSession(let session), .activate(let session), .getState(let session),
            .getCurrentRoute(let session), .getInputProcessing(let session), .getAvailableInputs(let session),
            .getHardwareValues(let session), .getSecondaryAudioHint(let session), .isEchoCancelledInputAvailable(let session),
            .isInputMuted(let session):
            [.string(session)]
        case .setPrefersEchoCancelledInput(let session, let prefers): [.string(session), .boolean(prefers)]
        case .setInputMuted(let session, let muted): [.string(session), .boolean(muted)]
        case .setSessionPreference(let session, let preference, let value): [.string(session), .string(preference), .boolean(value)]
        case .setPreferredHardware(let session, let preferences): [.string(session), preferences.busValue]
        case .setConfiguration(let session, let category, let mode, let options):
            [.string(session), .string(category), .string(mode), options.busValue]
        case .deactivate(let session, let notifyOthers): [.string(session), .boolean(notifyOthers)]
        case .overrideOutputPort(let session, let port): [.string(session), .string(port)]
        case .setPreferredInput(let session, let uid): [.string(session), .string(uid)]
        case .getStatus, .listSessions, .listStreams, .getDesktopState, .reloadPolicy: []
        case .setDoNotDisturb(let enabled): [.boolean(enabled)]
        case .explainStream(let stream): [.string(stream)]
        }
    }

    /// Reads a call to `method`: an unknown method or arguments of another signature is a
    /// ``CallMismatch`` saying what the interface has.
    public init(method: String, arguments: BusArguments) throws(CallMismatch) {
        try AgentContract.check(method: method, signature: arguments.signature.rawValue)
        // The signature matched, so every field has its type: failing here means the table and
        // the readers below disagree, which the contract tests catch.
        let call = try? Self.read(method, WireFields(arguments, context: "\(method)'s arguments"))
        guard let call else { throw CallMismatch(.unread(method, interface: AgentContract.interface)) }
        self = call
    }

    private static func read(_ method: String, _ fields: WireFields) throws(WireFormatError) -> AgentCall? {
        var fields = fields
        switch method {
        case "RegisterSession": return .registerSession(properties: try fields.next("properties"))
        case "RegisterSessionWithSecret": return .registerSessionWithSecret(properties: try fields.next("properties"))
        case "UnregisterSession": return .unregisterSession(session: try fields.next("session"))
        case "SetConfiguration":
            return .setConfiguration(
                session: try fields.next("session"), category: try fields.next("category"), mode: try fields.next("mode"),
                options: try fields.next("options"))
        case "Activate": return .activate(session: try fields.next("session"))
        case "Deactivate": return .deactivate(session: try fields.next("session"), notifyOthers: try fields.next("notify_others"))
        case "GetState": return .getState(session: try fields.next("session"))
        case "GetCurrentRoute": return .getCurrentRoute(session: try fields.next("session"))
        case "OverrideOutputPort": return .overrideOutputPort(session: try fields.next("session"), port: try fields.next("port"))
        case "SetPreferredInput":
            return .setPreferredInput(session: try fields.next("session"), portUID: try fields.next("port_uid"))
        case "GetAvailableInputs": return .getAvailableInputs(session: try fields.next("session"))
        case "GetHardwareValues": return .getHardwareValues(session: try fields.next("session"))
        case "GetSecondaryAudioHint": return .getSecondaryAudioHint(session: try fields.next("session"))
        case "SetPreferredHardware":
            return .setPreferredHardware(session: try fields.next("session"), preferences: try fields.next("preferences"))
        case "SetPrefersEchoCancelledInput":
            return .setPrefersEchoCancelledInput(session: try fields.next("session"), prefers: try fields.next("prefers"))
        case "IsEchoCancelledInputAvailable": return .isEchoCancelledInputAvailable(session: try fields.next("session"))
        case "SetInputMuted": return .setInputMuted(session: try fields.next("session"), muted: try fields.next("muted"))
        case "IsInputMuted": return .isInputMuted(session: try fields.next("session"))
        case "SetSessionPreference":
            return .setSessionPreference(
                session: try fields.next("session"), preference: try fields.next("preference"), value: try fields.next("value"))
        case "GetStatus": return .getStatus
        case "ListSessions": return .listSessions
        case "ListStreams": return .listStreams
        case "ExplainStream": return .explainStream(stream: try fields.next("stream"))
        case "GetInputProcessing": return .getInputProcessing(session: try fields.next("session"))
        case "GetDesktopState": return .getDesktopState
        case "SetDoNotDisturb": return .setDoNotDisturb(enabled: try fields.next("enabled"))
        case "ReloadPolicy": return .reloadPolicy
        default: return nil
        }
    }
}
