public import AudioSessionBus

/// One entry of `ListSessions`'s reply `a(ssuusssass)`: a live session, who owns it and how it is configured.
///
/// ```swift
/// let reply = SessionListing.reply([listing])          // what the agent sends
/// let rows = try SessionListing.rows(from: reply)      // what a client reads; == [listing]
/// ```
public struct SessionListing: Hashable, Sendable {
    /// The session's id.
    public var session: String
    /// The unique bus name of the connection that registered it.
    public var owner: String
    /// The owner's process id, 0 when unknown.
    public var processID: UInt32
    /// The owner's user id, `UInt32.max` when unknown.
    public var userID: UInt32
    /// The application id the session gave, or empty.
    public var applicationID: String
    /// The category's kebab-case name.
    public var category: String
    /// The mode's kebab-case name.
    public var mode: String
    /// The options' kebab-case names.
    public var options: [String]
    /// `active`, `inactive` or `interrupted`.
    public var activity: String

    /// The type of one entry, `(ssuusssass)`.
    public static let busType: BusType = .structure([
        .string, .string, .uint32, .uint32, .string, .string, .string, .array(.string), .string,
    ])

    /// An entry with these fields.
    public init(
        session: String, owner: String, processID: UInt32, userID: UInt32, applicationID: String, category: String,
        mode: String, options: [String], activity: String
    ) {
        self.session = session
        self.owner = owner
        self.processID = processID
        self.userID = userID
        self.applicationID = applicationID
        self.category = category
        self.mode = mode
        self.options = options
        self.activity = activity
    }

    init(_ fields: inout WireFields) throws(WireFormatError) {
        session = try fields.next("session")
        owner = try fields.next("owner")
        processID = try fields.next("pid")
        userID = try fields.next("uid")
        applicationID = try fields.next("application_id")
        category = try fields.next("category")
        mode = try fields.next("mode")
        options = try fields.next("options")
        activity = try fields.next("activity")
    }

    /// The entry as a struct value.
    public var busValue: BusValue {
        .structure([
            .string(session), .string(owner), .uint32(processID), .uint32(userID), .string(applicationID),
            .string(category), .string(mode), options.busValue, .string(activity),
        ])
    }

    /// `ListSessions`'s reply with these entries.
    public static func reply(_ rows: [SessionListing]) -> BusArguments {
        [.array(element: busType, rows.map(\.busValue))]
    }

    /// The entries of `ListSessions`'s reply.
    public static func rows(from arguments: BusArguments) throws(WireFormatError) -> [SessionListing] {
        var fields = WireFields(arguments, context: "ListSessions's reply")
        return try fields.nextArray("sessions", of: busType) { entry throws(WireFormatError) in try SessionListing(&entry) }
    }
}
