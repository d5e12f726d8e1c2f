import AudioSessionBus

/// `ExplainStream`'s reply: why a stream is in its state.
struct StreamExplanation {
    var stream: String
    var effect: String
    var level: Double
    var role: String
    var participant: String
    var excludedBecause: String
    var duckedBy: [(participant: String, level: Double)]
    var silencedBy: [(participant: String, cause: String)]
    var interruptedBy: [String]
    var policyEnabled: Bool
    var summary: String

    init(stream: String, reply: BusArguments) throws(CtlFailure) {
        self.stream = stream
        var fields = BusFields(arguments: reply, what: "ExplainStream's reply")
        effect = try fields.next()
        level = try fields.next()
        role = try fields.next()
        participant = try fields.next()
        excludedBecause = try fields.next()
        duckedBy = []
        for entry in try fields.nextArray() {
            var pair = try BusFields(entry, what: "a ducked_by entry")
            duckedBy.append((try pair.next(String.self), try pair.next(Double.self)))
        }
        silencedBy = []
        for entry in try fields.nextArray() {
            var pair = try BusFields(entry, what: "a silenced_by entry")
            silencedBy.append((try pair.next(String.self), try pair.next(String.self)))
        }
        interruptedBy = try fields.next()
        policyEnabled = try fields.next()
        summary = try fields.next()
    }

    var json: JSONValue {
        .object([
            ("stream", .string(stream)), ("effect", .string(effect)), ("level", .number(level)), ("role", .string(role)),
            ("participant", .string(participant)), ("excluded_because", .string(excludedBecause)),
            ("ducked_by", .array(duckedBy.map { .object([("participant", .string($0.participant)), ("level", .number($0.level))]) })),
            ("silenced_by", .array(silencedBy.map { .object([("participant", .string($0.participant)), ("cause", .string($0.cause))]) })),
            ("interrupted_by", .array(interruptedBy.map { .string($0) })), ("policy_enabled", .bool(policyEnabled)),
            ("summary", .string(summary)),
        ])
    }
}
