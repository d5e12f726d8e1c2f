import AudioSessionContract

/// One session as `status` shows it: its `ListSessions` entry, plus who interrupts it when the
/// agent's explanation of one of its streams says so, and what its input goes through.
struct SessionRow {
    var listing: SessionListing
    var interruptedBy: [String] = []
    /// What the session's input goes through: `none`, or `echo-cancellation (webrtc)`; `-` when the
    /// agent does not say.
    var inputProcessing = "-"

    init(_ listing: SessionListing) { self.listing = listing }

    var json: JSONValue {
        .object([
            ("session", .string(listing.session)), ("owner", .string(listing.owner)),
            ("pid", .integer(Int(listing.processID))), ("uid", .integer(Int(listing.userID))),
            ("application_id", .string(listing.applicationID)), ("category", .string(listing.category)),
            ("mode", .string(listing.mode)), ("options", .array(listing.options.map { .string($0) })),
            ("activity", .string(listing.activity)), ("interrupted_by", .array(interruptedBy.map { .string($0) })),
            ("input_processing", .string(inputProcessing)),
        ])
    }
}
