import AudioSessionContract
import AudioSessionBus

/// One signal from the agent, as `monitor` prints it: a kebab-case kind and named fields in the
/// contract's order. Signals this version does not know are kept (the contract may grow).
struct AgentEvent {
    var kind: String
    var fields: [(String, JSONValue)]

    init(_ signal: BusSignal) {
        let arguments = signal.arguments
        func string(_ index: Int) -> JSONValue {
            (try? arguments.decode(String.self, at: index)).map { .string($0) } ?? .null
        }
        func bool(_ index: Int) -> JSONValue {
            (try? arguments.decode(Bool.self, at: index)).map { .bool($0) } ?? .null
        }
        func double(_ index: Int) -> JSONValue {
            (try? arguments.decode(Double.self, at: index)).map { .number($0) } ?? .null
        }
        switch signal.member {
        case "InterruptionBegan":
            kind = "interruption-began"
            fields = [("session", string(0)), ("reason", string(1))]
        case "InterruptionEnded":
            kind = "interruption-ended"
            fields = [("session", string(0)), ("should_resume", bool(1))]
        case "RouteChanged":
            kind = "route-changed"
            fields = [
                ("session", string(0)), ("reason", string(1)),
                ("previous_route", arguments.count > 2 ? Self.route(arguments[2]) : .null),
            ]
        case "SecondaryAudioHint":
            kind = "secondary-audio-hint"
            fields = [("session", string(0)), ("hint", string(1))]
        case "MediaServicesLost":
            kind = "media-services-lost"
            fields = []
        case "MediaServicesReset":
            kind = "media-services-reset"
            fields = []
        case "SessionStateChanged":
            kind = "session-state"
            fields = [("session", string(0)), ("activity", string(1)), ("rule", string(2))]
        case "StreamStateChanged":
            kind = "stream-state"
            fields = [
                ("stream", string(0)), ("effect", string(1)), ("level", double(2)), ("rule", string(3)),
                ("source", string(4)),
            ]
        case "SessionRouteChanged":
            kind = "route-change"
            fields = [
                ("session", string(0)), ("reason", string(1)),
                ("previous_route", arguments.count > 2 ? Self.route(arguments[2]) : .null),
                ("current_route", arguments.count > 3 ? Self.route(arguments[3]) : .null),
            ]
        default:
            kind = "signal"
            fields = [("member", .string(signal.member)), ("arguments", .string(arguments.description))]
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

    /// A route `(a(sssu)a(sssu))` as `{"inputs":[...],"outputs":[...]}` with each port's fields named.
    private static func route(_ value: BusValue) -> JSONValue {
        guard case .structure(let sides) = value, sides.count == 2 else { return .string("\(value)") }
        func ports(_ side: BusValue) -> JSONValue {
            guard case .array(_, let ports) = side else { return .null }
            return .array(
                ports.map { port in
                    guard case .structure(let fields) = port, fields.count == 4,
                        case .string(let name) = fields[0], case .string(let uid) = fields[1],
                        case .string(let type) = fields[2], case .uint32(let channels) = fields[3]
                    else { return .string("\(port)") }
                    return .object([
                        ("name", .string(name)), ("uid", .string(uid)), ("type", .string(type)),
                        ("channels", .integer(Int(channels))),
                    ])
                })
        }
        return .object([("inputs", ports(sides[0])), ("outputs", ports(sides[1]))])
    }
}
