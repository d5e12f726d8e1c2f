import AudioSessionContract

extension StreamExplanationReply {
    /// `ExplainStream`'s reply about `stream` as `explain --json` prints it.
    func json(stream: String) -> JSONValue {
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
