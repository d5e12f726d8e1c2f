import AudioSessionContract

extension StreamListing {
    /// One `ListStreams` entry as `status --json` prints it, with why the policy leaves it alone
    /// (`ExplainStream`'s `excluded_because`, empty when it does not).
    func json(excludedBecause: String) -> JSONValue {
        .object([
            ("stream", .string(stream)), ("direction", .string(direction)), ("role", .string(role)),
            ("application", .string(application)), ("session", .string(session)), ("sounding", .bool(sounding)),
            ("effect", .string(effect)), ("level", .number(level)), ("silence_cause", .string(silenceCause)),
            ("excluded_because", .string(excludedBecause)),
        ])
    }
}
