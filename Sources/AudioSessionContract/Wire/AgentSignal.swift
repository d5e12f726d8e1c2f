public import AudioSessionBus
public import AudioSessionModel

/// A signal of `org.audiosession.Agent1` with its arguments (docs/dbus-api.md, *Signals*): the
/// agent builds one and sends ``name`` with ``arguments``; clients read it back with
/// ``init(member:arguments:)``.
///
/// ```swift
/// let signal = AgentSignal.interruptionEnded(session: "3", shouldResume: true)
/// signal.name        // "InterruptionEnded"
/// signal.arguments   // [.string("3"), .boolean(true)]
/// try AgentSignal(member: signal.name, arguments: signal.arguments)   // == signal
/// ```
public enum AgentSignal: Hashable, Sendable {
    /// The session was interrupted; `reason` is an interruption reason's kebab-case name. To the owner only.
    case interruptionBegan(session: String, reason: String)
    /// The interruption ended. To the owner only.
    case interruptionEnded(session: String, shouldResume: Bool)
    /// The session's route changed; `reason` is a route change reason's kebab-case name. To the owner only.
    case routeChanged(session: String, reason: String, previousRoute: RouteDescription)
    /// Secondary audio should be silenced (`begin`) or may play again (`end`). To the owner only.
    case secondaryAudioHint(session: String, hint: String)
    /// The app's input was muted or unmuted (`SetInputMuted`). To the owner only.
    case inputMuteChanged(session: String, muted: Bool)
    /// The sound server went away.
    case mediaServicesLost
    /// The sound server is back, or was replaced.
    case mediaServicesReset
    /// A session's activity changed, by `rule`.
    case sessionStateChanged(session: String, activity: String, rule: String)
    /// A stream's effect changed, by `rule`, because of `source` (a participant, or empty).
    case streamStateChanged(stream: String, effect: String, level: Double, rule: String, source: String)
    /// A session's route changed: ``routeChanged(session:reason:previousRoute:)`` with the route after it, for monitors.
    case sessionRouteChanged(session: String, reason: String, previousRoute: RouteDescription, currentRoute: RouteDescription)

    /// The signal's member name in the interface.
    public var name: String {
        switch self {
        case .interruptionBegan: "InterruptionBegan"
        case .interruptionEnded: "InterruptionEnded"
        case .routeChanged: "RouteChanged"
        case .secondaryAudioHint: "SecondaryAudioHint"
        case .inputMuteChanged: "InputMuteChanged"
        case .mediaServicesLost: "MediaServicesLost"
        case .mediaServicesReset: "MediaServicesReset"
        case .sessionStateChanged: "SessionStateChanged"
        case .streamStateChanged: "StreamStateChanged"
        case .sessionRouteChanged: "SessionRouteChanged"
        }
    }

    /// The signal's arguments, in the interface's order.
    public var arguments: BusArguments {
        switch self {
        case .interruptionBegan(let session, let reason): [.string(session), .string(reason)]
        case .interruptionEnded(let session, let shouldResume): [.string(session), .boolean(shouldResume)]
        case .routeChanged(let session, let reason, let previous):
            [.string(session), .string(reason), RouteWireFormat.busValue(of: previous)]
        case .secondaryAudioHint(let session, let hint): [.string(session), .string(hint)]
        case .inputMuteChanged(let session, let muted): [.string(session), .boolean(muted)]
        case .mediaServicesLost, .mediaServicesReset: []
        case .sessionStateChanged(let session, let activity, let rule): [.string(session), .string(activity), .string(rule)]
        case .streamStateChanged(let stream, let effect, let level, let rule, let source):
            [.string(stream), .string(effect), .double(level), .string(rule), .string(source)]
        case .sessionRouteChanged(let session, let reason, let previous, let current):
            [.string(session), .string(reason), RouteWireFormat.busValue(of: previous), RouteWireFormat.busValue(of: current)]
        }
    }

    /// The session a per-session signal or a session broadcast is about; `nil` for the others.
    public var session: String? {
        switch self {
        case .interruptionBegan(let session, _), .interruptionEnded(let session, _), .routeChanged(let session, _, _),
            .secondaryAudioHint(let session, _), .inputMuteChanged(let session, _), .sessionStateChanged(let session, _, _),
            .sessionRouteChanged(let session, _, _, _):
            session
        case .mediaServicesLost, .mediaServicesReset, .streamStateChanged: nil
        }
    }

    /// Reads signal `member`; `nil` for a member this version does not know (the contract may grow
    /// by new signals), an error for a known one whose arguments do not have its signature.
    public init?(member: String, arguments: BusArguments) throws(WireFormatError) {
        var fields = WireFields(arguments, context: "signal \(member)")
        switch member {
        case "InterruptionBegan":
            self = .interruptionBegan(session: try fields.next("session"), reason: try fields.next("reason"))
        case "InterruptionEnded":
            self = .interruptionEnded(session: try fields.next("session"), shouldResume: try fields.next("should_resume"))
        case "RouteChanged":
            self = .routeChanged(
                session: try fields.next("session"), reason: try fields.next("reason"),
                previousRoute: try fields.nextRoute("previous_route"))
        case "SecondaryAudioHint":
            self = .secondaryAudioHint(session: try fields.next("session"), hint: try fields.next("hint"))
        case "InputMuteChanged":
            self = .inputMuteChanged(session: try fields.next("session"), muted: try fields.next("muted"))
        case "MediaServicesLost": self = .mediaServicesLost
        case "MediaServicesReset": self = .mediaServicesReset
        case "SessionStateChanged":
            self = .sessionStateChanged(
                session: try fields.next("session"), activity: try fields.next("activity"), rule: try fields.next("rule"))
        case "StreamStateChanged":
            self = .streamStateChanged(
                stream: try fields.next("stream"), effect: try fields.next("effect"), level: try fields.next("level"),
                rule: try fields.next("rule"), source: try fields.next("source"))
        case "SessionRouteChanged":
            self = .sessionRouteChanged(
                session: try fields.next("session"), reason: try fields.next("reason"),
                previousRoute: try fields.nextRoute("previous_route"), currentRoute: try fields.nextRoute("current_route"))
        default:
            return nil
        }
    }
}
