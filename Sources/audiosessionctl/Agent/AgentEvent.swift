import AudioSessionContract
import AudioSessionBus
import AudioSessionModel

/// One signal from the agent, as `monitor` prints it: a kebab-case kind and named fields in the
/// contract's order. Signals this version does not know are kept (the contract may grow).
struct AgentEvent {
    var kind: String
    var fields: [(String, JSONValue)]

    init(_ signal: BusSignal) {
        let decoded: AgentSignal?
        do {
            decoded = try AgentSignal(member: signal.member, arguments: signal.arguments)
        } catch {
            kind = "malformed-signal"
            fields = [("member", .string(signal.member)), ("error", .string("\(error)"))]
            return
        }
        guard let decoded else {
            kind = "signal"
            fields = [("member", .string(signal.member)), ("arguments", .string(signal.arguments.description))]
            return
        }
        (kind, fields) = Self.kindAndFields(of: decoded)
    }

    private static func kindAndFields(of signal: AgentSignal) -> (String, [(String, JSONValue)]) {
        switch signal {
        case .interruptionBegan(let session, let reason):
            ("interruption-began", [("session", .string(session)), ("reason", .string(reason))])
        case .interruptionEnded(let session, let shouldResume):
            ("interruption-ended", [("session", .string(session)), ("should_resume", .bool(shouldResume))])
        case .routeChanged(let session, let reason, let previous):
            ("route-changed", [("session", .string(session)), ("reason", .string(reason)), ("previous_route", route(previous))])
        case .secondaryAudioHint(let session, let hint):
            ("secondary-audio-hint", [("session", .string(session)), ("hint", .string(hint))])
        case .inputMuteChanged(let session, let muted):
            ("input-mute-changed", [("session", .string(session)), ("muted", .bool(muted))])
        case .mediaServicesLost: ("media-services-lost", [])
        case .mediaServicesReset: ("media-services-reset", [])
        case .sessionStateChanged(let session, let activity, let rule):
            ("session-state", [("session", .string(session)), ("activity", .string(activity)), ("rule", .string(rule))])
        case .streamStateChanged(let stream, let effect, let level, let rule, let source):
            (
                "stream-state",
                [
                    ("stream", .string(stream)), ("effect", .string(effect)), ("level", .number(level)),
                    ("rule", .string(rule)), ("source", .string(source)),
                ]
            )
        case .sessionRouteChanged(let session, let reason, let previous, let current):
            (
                "route-change",
                [
                    ("session", .string(session)), ("reason", .string(reason)), ("previous_route", route(previous)),
                    ("current_route", route(current)),
                ]
            )
        }
    }

    /// One JSON object: `{"event":"session-state","session":"3",...}`.
    var jsonLine: String { JSONValue.object([("event", .string(kind))] + fields).text }

    /// One line for people: `session-state session=3 activity=interrupted rule="interruption by rank"`;
    /// a route as its port uids, `previous=out:speaker,in:mic current=out:headphones,in:mic`.
    var textLine: String {
        ([kind] + fields.map { "\(Self.textName($0.0))=\(Self.text($0.1))" }).joined(separator: " ")
    }

    /// `previous_route` reads `previous` in text: the value already says it is a route.
    private static func textName(_ field: String) -> String {
        field.hasSuffix("_route") ? String(field.dropLast("_route".count)) : field
    }

    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .object(let sides) where sides.map(\.0) == ["inputs", "outputs"]:
            let (inputs, outputs) = (portUIDs(sides[0].1), portUIDs(sides[1].1))
            return text(.string("out:\(outputs),in:\(inputs)"))
        case .string(let string):
            // Quoting escapes what could drive the terminal; a plain word is shown the same way.
            return string.isEmpty || string.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" })
                ? JSONValue.quoted(string) : UntrustedText.displayable(string)
        default: return value.text
        }
    }

    /// The uids of a route side's ports joined by `+`, or `-` for none.
    private static func portUIDs(_ side: JSONValue) -> String {
        guard case .array(let ports) = side, !ports.isEmpty else { return "-" }
        return ports.map { port -> String in
            guard case .object(let fields) = port, case .string(let uid)? = fields.first(where: { $0.0 == "uid" })?.1
            else { return "?" }
            return uid
        }.joined(separator: "+")
    }

    /// A route as `{"inputs":[...],"outputs":[...]}` with each port's fields named.
    private static func route(_ route: RouteDescription) -> JSONValue {
        func ports(_ side: [PortDescription]) -> JSONValue {
            .array(
                side.map { port in
                    .object([
                        ("name", .string(port.name)), ("uid", .string(port.uid)), ("type", .string(port.type.kebabName)),
                        ("channels", .integer(port.channels)),
                    ])
                })
        }
        return .object([("inputs", ports(route.inputs)), ("outputs", ports(route.outputs))])
    }
}
