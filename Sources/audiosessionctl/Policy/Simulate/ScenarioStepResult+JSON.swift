import AudioPolicy
import PolicyScenarios

extension ScenarioStepResult {
    /// The step as one JSON object: its actions, the decisions with their reasons, the signals each
    /// session received, every stream's state after it, and how it compares with the table.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("step", .integer(step.number)),
            ("line", .integer(step.line)),
            ("actions", .array(step.actionText.split(separator: "; ").map { .string(String($0)) })),
        ]
        members.append(("decisions", .array((observation.decisions ?? []).map(\.json))))
        members.append((
            "signals",
            .object(observation.signals.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value.map { .string($0.description) })) })
        ))
        members.append(("streams", .object(observation.streams.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.description)) })))
        members.append(("asExpected", .bool(isAsExpected)))
        members.append(("differences", .array(differences.map(\.json))))
        return .object(members)
    }
}

extension ScenarioDifference {
    var json: JSONValue {
        .object([
            ("subject", .string(subject)),
            ("expected", expected.map(JSONValue.string) ?? .null),
            ("observed", observed.map(JSONValue.string) ?? .null),
            ("message", .string(description)),
        ])
    }
}

extension PolicyDecision {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("text", .string(scenarioText))]
        if let session { members.append(("session", .string(session.rawValue))) }
        if let stream { members.append(("stream", .string(stream.rawValue))) }
        switch self {
        case .duck(_, let level, let ramp, _):
            members += [("level", .number(level)), ("rampMilliseconds", .integer(ramp))]
        case .unduck(_, let ramp, _):
            members.append(("rampMilliseconds", .integer(ramp)))
        case .silence(_, let cause, _):
            members.append(("cause", .string(cause.rawValue)))
        case .unsilence(_, let resume, _), .interruptionEnded(_, let resume, _):
            members.append(("shouldResume", .bool(resume)))
        case .move(_, let device, _):
            members.append(("device", .string(device.rawValue)))
        case .setDefaultDevice(let device, let direction, _):
            members += [("device", .string(device.rawValue)), ("direction", .string(direction.rawValue))]
        case .setCardProfile(let card, let profile, _):
            members += [("card", .string(card.rawValue)), ("profile", .string(profile))]
        case .loadEchoCanceller(let canceller, _):
            members += [
                ("echoCanceller", .string(canceller.id.rawValue)), ("canceller", .string(canceller.settings.kind.rawValue)),
                ("sinkMaster", .string(canceller.playbackMaster.rawValue)), ("sourceMaster", .string(canceller.captureMaster.rawValue)),
            ]
        case .moveToEchoCanceller(_, let canceller, _), .unloadEchoCanceller(let canceller, _):
            members.append(("echoCanceller", .string(canceller.rawValue)))
        case .activated, .activationRefused, .interruptionBegan, .unmove, .routeChanged, .secondaryAudioHint:
            break
        }
        members.append(("rule", .string(explanation.rule)))
        members.append(("causedBy", explanation.source.map { .string($0.description) } ?? .null))
        members.append(("narration", .string(narration)))
        return .object(members)
    }
}
