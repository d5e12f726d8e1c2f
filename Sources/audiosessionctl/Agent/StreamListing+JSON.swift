import AudioSessionContract

extension StreamListing {
    /// One `ListStreams` entry as `status --json` prints it.
    var json: JSONValue {
        .object([
            ("stream", .string(stream)), ("direction", .string(direction)), ("role", .string(role)),
            ("application", .string(application)), ("session", .string(session)), ("sounding", .bool(sounding)),
            ("effect", .string(effect)), ("level", .number(level)), ("silence_cause", .string(silenceCause)),
        ])
    }
}
