import AudioSessionBus

/// One entry of `ListSessions`: `(session, owner, pid, uid, application_id, category, mode, options, activity)`,
/// plus who interrupts it when the agent's explanation of one of its streams says so.
struct SessionRow {
    var session: String
    var owner: String
    var processID: UInt32
    var userID: UInt32
    var applicationID: String
    var category: String
    var mode: String
    var options: [String]
    var activity: String
    var interruptedBy: [String] = []
    /// What the session's input goes through: `none`, or `echo-cancellation (webrtc)`; `-` when the
    /// agent does not say.
    var inputProcessing = "-"

    init(_ value: BusValue) throws(CtlFailure) {
        var fields = try BusFields(value, what: "a ListSessions entry")
        session = try fields.next()
        owner = try fields.next()
        processID = try fields.next()
        userID = try fields.next()
        applicationID = try fields.next()
        category = try fields.next()
        mode = try fields.next()
        options = try fields.next()
        activity = try fields.next()
    }

    var json: JSONValue {
        .object([
            ("session", .string(session)), ("owner", .string(owner)), ("pid", .integer(Int(processID))),
            ("uid", .integer(Int(userID))), ("application_id", .string(applicationID)),
            ("category", .string(category)), ("mode", .string(mode)), ("options", .array(options.map { .string($0) })),
            ("activity", .string(activity)), ("interrupted_by", .array(interruptedBy.map { .string($0) })),
            ("input_processing", .string(inputProcessing)),
        ])
    }
}
