import AudioSessionBus

/// One entry of `ListStreams`: `(stream, direction, role, application, session, sounding, effect, level, silence_cause)`.
struct StreamRow {
    var stream: String
    var direction: String
    var role: String
    var application: String
    var session: String
    var sounding: Bool
    var effect: String
    var level: Double
    var silenceCause: String

    init(_ value: BusValue) throws(CtlFailure) {
        var fields = try BusFields(value, what: "a ListStreams entry")
        stream = try fields.next()
        direction = try fields.next()
        role = try fields.next()
        application = try fields.next()
        session = try fields.next()
        sounding = try fields.next()
        effect = try fields.next()
        level = try fields.next()
        silenceCause = try fields.next()
    }

    var json: JSONValue {
        .object([
            ("stream", .string(stream)), ("direction", .string(direction)), ("role", .string(role)),
            ("application", .string(application)), ("session", .string(session)), ("sounding", .bool(sounding)),
            ("effect", .string(effect)), ("level", .number(level)), ("silence_cause", .string(silenceCause)),
        ])
    }
}
