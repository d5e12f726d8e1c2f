import AudioPolicy
import AudioSessionModel
import TOMLReader

/// Reads a scenario file into a ``Scenario``, refusing anything the format does not define with a
/// ``ScenarioFormatError`` that names the file and line.
///
/// ```swift
/// let parser = ScenarioParser(path: "Scenarios/duck.toml", shippedPolicies: "policies")
/// let scenario = try parser.parse(text)   // `policy = "car"` means policies/car.toml
/// ```
public struct ScenarioParser: Sendable {
    /// The scenario file, for messages and for resolving the relative paths it names.
    public var path: String
    /// The directory of the shipped policies (`default.toml`, `car.toml`, ...), for `policy = "NAME"`.
    public var shippedPolicies: String

    /// Creates a parser for the file at `path`.
    public init(path: String, shippedPolicies: String) {
        self.path = path
        self.shippedPolicies = shippedPolicies
    }

    /// The file's name, as messages give it.
    public var file: String { path.split(separator: "/").last.map(String.init) ?? path }
    var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    func fail(_ message: String, at position: SourcePosition? = nil) -> ScenarioFormatError {
        ScenarioFormatError(file: file, line: position?.line, message: message)
    }

    /// Reads the scenario in `text`, the contents of the file at ``path``.
    public func parse(_ text: String) throws(ScenarioFormatError) -> Scenario {
        do {
            return try parseChecked(text)
        } catch let error as ScenarioFormatError {
            throw error
        } catch {
            throw fail("\(error)")
        }
    }

    func parseChecked(_ text: String) throws -> Scenario {
        let root: TOMLTable
        do {
            root = try TOMLDocument(parsing: text).root
        } catch {
            throw ScenarioFormatError(file: file, line: error.line, message: error.message)
        }
        try checkKeys(root, allowed: ["description", "policy", "fragments", "sessions", "streams", "step"], in: "the file")
        let description = try string(root, "description") ?? ""
        let policy = try policyReference(name: try string(root, "policy") ?? "default", fragments: try strings(root, "fragments") ?? [])
        let sessions = try parseSessions(root["sessions"])
        let streams = try parseStreams(root["streams"], sessions: sessions)
        if let clash = Set(sessions.keys).intersection(streams.keys).first {
            throw fail("\"\(clash)\" names both a session and a stream; decisions name both alike, so names must differ")
        }
        guard let stepValues = root["step"]?.array, !stepValues.isEmpty else {
            throw fail("a scenario needs at least one [[step]]")
        }
        var steps: [ScenarioStep] = []
        for (index, value) in stepValues.enumerated() {
            guard let table = value.table else { throw fail("step must be a table ([[step]])", at: value.position) }
            steps.append(try parseStep(table, number: index + 1, sessions: sessions, streams: streams))
        }
        return Scenario(
            file: file, description: description, policy: policy, sessions: sessions, streams: streams, steps: steps)
    }

    // MARK: Policy

    /// `default`, `car`, `office`: a shipped policy; a name ending in `.toml`: relative to the scenario.
    func policyReference(name: String, fragments: [String]) throws -> ScenarioPolicyReference {
        let base = name.hasSuffix(".toml") ? directory + "/" + name : shippedPolicies + "/" + name + ".toml"
        return ScenarioPolicyReference(base: base, fragments: fragments.map { directory + "/" + $0 })
    }

    // MARK: Sessions and streams

    func parseSessions(_ value: TOMLValue?) throws -> [String: ScenarioSession] {
        guard let value else { return [:] }
        guard let table = value.table else { throw fail("sessions must be a table", at: value.position) }
        var sessions: [String: ScenarioSession] = [:]
        for entry in table.entries {
            guard let session = entry.value.table else { throw fail("sessions.\(entry.key) must be a table", at: entry.keyPosition) }
            try checkKeys(session, allowed: ["app", "category", "mode", "options"], in: "sessions.\(entry.key)")
            let configuration = try parseConfiguration(session, defaultCategory: nil, context: "sessions.\(entry.key)")
            sessions[entry.key] = ScenarioSession(
                name: entry.key, app: try string(session, "app") ?? entry.key, configuration: configuration)
        }
        return sessions
    }

    func parseConfiguration(_ table: TOMLTable, defaultCategory: Category?, context: String) throws -> SessionConfiguration {
        guard let categoryName = try string(table, "category") ?? defaultCategory?.kebabName else {
            throw fail("\(context) needs a category", at: table.position)
        }
        do {
            let category = try Category.parse(kebabName: categoryName)
            let mode = try Mode.parse(kebabName: try string(table, "mode") ?? "default")
            let options = try CategoryOptions(kebabNames: try strings(table, "options") ?? [])
            return try SessionConfiguration(category: category, mode: mode, options: options)
        } catch let error as ScenarioFormatError {
            throw error
        } catch {
            throw fail("\(context): \(error)", at: table.position)
        }
    }

    func parseStreams(_ value: TOMLValue?, sessions: [String: ScenarioSession]) throws -> [String: ScenarioStream] {
        guard let value else { return [:] }
        guard let table = value.table else { throw fail("streams must be a table", at: value.position) }
        var streams: [String: ScenarioStream] = [:]
        for entry in table.entries {
            let context = "streams.\(entry.key)"
            guard let stream = entry.value.table else { throw fail("\(context) must be a table", at: entry.keyPosition) }
            try checkKeys(stream, allowed: ["kind", "direction", "role", "session", "app", "sounding", "properties"], in: context)
            let kindName = try string(stream, "kind") ?? "play"
            guard let kind = ScenarioStreamKind(rawValue: kindName) else {
                throw fail(
                    "\(context).kind: unknown kind \"\(kindName)\"; accepted: "
                        + ScenarioStreamKind.allCases.map(\.rawValue).joined(separator: ", "), at: stream.position)
            }
            var direction = kind.defaultDirection
            if let name = try string(stream, "direction") {
                guard let given = StreamDirection(rawValue: name) else {
                    throw fail("\(context).direction: expected playback or capture, got \"\(name)\"", at: stream.position)
                }
                direction = given
            }
            let session = try string(stream, "session")
            if let session, sessions[session] == nil {
                throw fail("\(context).session: no session \"\(session)\" is declared", at: stream.position)
            }
            var properties: [String: String] = [:]
            if let extra = stream["properties"] {
                guard let extraTable = extra.table else { throw fail("\(context).properties must be a table", at: extra.position) }
                for property in extraTable.entries {
                    guard let text = property.value.string else {
                        throw fail("\(context).properties.\(property.key) must be a string", at: property.keyPosition)
                    }
                    properties[property.key] = text
                }
            }
            let defaultApp = session.flatMap { sessions[$0]?.app } ?? kind.properties["application.name"] ?? entry.key
            streams[entry.key] = ScenarioStream(
                name: entry.key, kind: kind, direction: direction, role: try string(stream, "role"), session: session,
                app: try string(stream, "app") ?? defaultApp, soundingWhenAppearing: try boolean(stream, "sounding") ?? true,
                properties: properties)
        }
        return streams
    }

    // MARK: Steps

    func parseStep(
        _ table: TOMLTable, number: Int, sessions: [String: ScenarioSession], streams: [String: ScenarioStream]
    ) throws -> ScenarioStep {
        try checkKeys(table, allowed: ["do", "streams", "signals", "decisions"], in: "step \(number)")
        let texts: [String]
        if let single = try? string(table, "do") {
            texts = [single]
        } else if let list = try strings(table, "do") {
            texts = list
        } else {
            throw fail("step \(number) needs `do`: an action or a list of actions", at: table.position)
        }
        let actions = try texts.map { try parseAction($0, at: table.position, sessions: sessions, streams: streams) }

        var states: [String: ScenarioStreamState] = [:]
        if let value = table["streams"] {
            guard let expected = value.table else { throw fail("step \(number): streams must be a table", at: value.position) }
            for entry in expected.entries {
                guard streams[entry.key] != nil else { throw fail("step \(number): no stream \"\(entry.key)\" is declared", at: entry.keyPosition) }
                guard let text = entry.value.string else { throw fail("step \(number): streams.\(entry.key) must be a string", at: entry.keyPosition) }
                states[entry.key] = try parseStreamState(text, at: entry.keyPosition)
            }
        }
        var signals: [String: [ScenarioSignal]] = [:]
        if let value = table["signals"] {
            guard let expected = value.table else { throw fail("step \(number): signals must be a table", at: value.position) }
            for entry in expected.entries {
                guard sessions[entry.key] != nil else { throw fail("step \(number): no session \"\(entry.key)\" is declared", at: entry.keyPosition) }
                let texts = entry.value.string.map { [$0] } ?? entry.value.array?.compactMap(\.string)
                guard let texts else { throw fail("step \(number): signals.\(entry.key) must be a list of strings", at: entry.keyPosition) }
                signals[entry.key] = try texts.map { try parseSignal($0, at: entry.keyPosition) }
            }
        }
        return ScenarioStep(
            number: number, line: table.position.line, actions: actions, actionText: texts.joined(separator: "; "),
            streamStates: states, signals: signals, decisions: try strings(table, "decisions"))
    }

    func parseAction(
        _ text: String, at position: SourcePosition, sessions: [String: ScenarioSession], streams: [String: ScenarioStream]
    ) throws -> ScenarioAction {
        let words = text.split(separator: " ").map(String.init)
        guard let verb = words.first else { throw fail("empty action", at: position) }
        let arguments = Array(words.dropFirst())
        func session() throws -> String {
            guard let name = arguments.first, sessions[name] != nil else {
                throw fail("`\(text)`: \(verb) needs a declared session", at: position)
            }
            return name
        }
        func stream() throws -> String {
            guard arguments.count == 1, let name = arguments.first, streams[name] != nil else {
                throw fail("`\(text)`: \(verb) needs one declared stream", at: position)
            }
            return name
        }
        switch verb {
        case "register": return .register(try session())
        case "activate": return .activate(try session())
        case "end": return .end(try session())
        case "deactivate":
            let name = try session()
            guard arguments.count == 1 || arguments.dropFirst() == ["notify-others"] else {
                throw fail("`\(text)`: deactivate takes a session and optionally notify-others", at: position)
            }
            return .deactivate(name, notifyOthers: arguments.count == 2)
        case "configure":
            let name = try session()
            var table = TOMLTable()
            for argument in arguments.dropFirst() {
                let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, ["category", "mode", "options"].contains(parts[0]) else {
                    throw fail("`\(text)`: configure takes category=, mode= and options=a,b", at: position)
                }
                let value: TOMLValue.Kind =
                    parts[0] == "options"
                    ? .array(parts[1].split(separator: ",").map { TOMLValue(.string(String($0)), at: position) })
                    : .string(parts[1])
                table.entries.append(TOMLTable.Entry(key: parts[0], keyPosition: position, value: TOMLValue(value, at: position)))
            }
            table.position = position
            return .configure(name, try parseConfiguration(table, defaultCategory: nil, context: "`\(text)`"))
        case "appear": return .appear(try stream())
        case "start": return .start(try stream())
        case "stop": return .stop(try stream())
        case "vanish": return .vanish(try stream())
        case "replace-policy":
            guard let name = arguments.first else { throw fail("`\(text)`: replace-policy needs a policy", at: position) }
            return .replacePolicy(try policyReference(name: name, fragments: Array(arguments.dropFirst())))
        case "wait":
            guard arguments.count == 1, let milliseconds = arguments.first.flatMap({ Int($0) }), milliseconds >= 0 else {
                throw fail("`\(text)`: wait needs milliseconds", at: position)
            }
            return .wait(milliseconds: milliseconds)
        default:
            throw fail(
                "`\(text)`: unknown action \"\(verb)\"; accepted: register, configure, activate, deactivate, end, appear, start, stop, vanish, replace-policy, wait",
                at: position)
        }
    }

    func parseStreamState(_ text: String, at position: SourcePosition) throws -> ScenarioStreamState {
        let words = text.split(separator: " ").map(String.init)
        switch (words.first, words.count) {
        case ("playing", 1): return .playing
        case ("ducked", 2):
            if let level = Double(words[1]) { return .ducked(level: level) }
        case ("silenced", 1): return .silenced(nil)
        case ("silenced", 2):
            if let cause = SilenceCause(rawValue: words[1]) { return .silenced(cause) }
        default: break
        }
        throw fail(
            "stream state \"\(text)\": expected playing, ducked LEVEL, or silenced [interruption|record|exclusive]",
            at: position)
    }

    func parseSignal(_ text: String, at position: SourcePosition) throws -> ScenarioSignal {
        let words = text.split(separator: " ").map(String.init)
        let argument = words.count == 2 ? words[1].split(separator: "=", maxSplits: 1).map(String.init) : []
        switch (words.first, words.count) {
        case ("activated", 1): return .activated
        case ("hint-begin", 1): return .hintBegin
        case ("hint-end", 1): return .hintEnd
        case ("interruption-began", 1): return .interruptionBegan(.default)
        case ("interruption-began", 2):
            if argument.first == "reason", let reason = InterruptionReason(kebabName: argument[1]) { return .interruptionBegan(reason) }
        case ("interruption-ended", 2):
            if argument.first == "should-resume", let resume = Bool(argument[1]) { return .interruptionEnded(shouldResume: resume) }
        case ("activation-refused", 2):
            if argument.first == "held-by" { return .activationRefused(heldBy: argument[1]) }
        case ("route-changed", 2):
            if argument.first == "reason", let reason = RouteChangeReason(kebabName: argument[1]) { return .routeChanged(reason) }
        default: break
        }
        throw fail(
            "signal \"\(text)\": expected activated, activation-refused held-by=NAME, interruption-began [reason=R], "
                + "interruption-ended should-resume=true|false, hint-begin, hint-end or route-changed reason=R",
            at: position)
    }

    // MARK: Values

    func checkKeys(_ table: TOMLTable, allowed: Set<String>, in context: String) throws {
        for entry in table.entries where !allowed.contains(entry.key) {
            throw fail(
                "unknown key \"\(entry.key)\" in \(context); accepted: \(allowed.sorted().joined(separator: ", "))",
                at: entry.keyPosition)
        }
    }

    func string(_ table: TOMLTable, _ key: String) throws -> String? {
        guard let entry = table.entry(for: key) else { return nil }
        guard let value = entry.value.string else { throw fail("\(key) must be a string", at: entry.keyPosition) }
        return value
    }

    func boolean(_ table: TOMLTable, _ key: String) throws -> Bool? {
        guard let entry = table.entry(for: key) else { return nil }
        guard let value = entry.value.boolean else { throw fail("\(key) must be true or false", at: entry.keyPosition) }
        return value
    }

    func strings(_ table: TOMLTable, _ key: String) throws -> [String]? {
        guard let entry = table.entry(for: key) else { return nil }
        guard let values = entry.value.array?.compactMap(\.string), values.count == entry.value.array?.count else {
            throw fail("\(key) must be a list of strings", at: entry.keyPosition)
        }
        return values
    }
}
