public import AudioSessionBus

/// One entry of `ListStreams`'s reply `a(sssssbsds)`: a live stream and what the policy does to it.
///
/// ```swift
/// let reply = StreamListing.reply([listing])          // what the agent sends
/// let rows = try StreamListing.rows(from: reply)      // what a client reads; == [listing]
/// ```
public struct StreamListing: Hashable, Sendable {
    /// The stream's id, `sink-input:7`.
    public var stream: String
    /// `playback` or `capture`.
    public var direction: String
    /// The role the policy gives it, or `none`.
    public var role: String
    /// The name people know its app by.
    public var application: String
    /// The session it belongs to, or empty.
    public var session: String
    /// Whether it is sounding.
    public var sounding: Bool
    /// `playing`, `ducked` or `silenced`.
    public var effect: String
    /// The duck factor: the level while ducked, 1.0 otherwise.
    public var level: Double
    /// Why it is silenced, or empty.
    public var silenceCause: String

    /// The type of one entry, `(sssssbsds)`.
    public static let busType: BusType = .structure([
        .string, .string, .string, .string, .string, .boolean, .string, .double, .string,
    ])

    /// An entry with these fields.
    public init(
        stream: String, direction: String, role: String, application: String, session: String, sounding: Bool,
        effect: String, level: Double, silenceCause: String
    ) {
        self.stream = stream
        self.direction = direction
        self.role = role
        self.application = application
        self.session = session
        self.sounding = sounding
        self.effect = effect
        self.level = level
        self.silenceCause = silenceCause
    }

    init(_ fields: inout WireFields) throws(WireFormatError) {
        stream = try fields.next("stream")
        direction = try fields.next("direction")
        role = try fields.next("role")
        application = try fields.next("application")
        session = try fields.next("session")
        sounding = try fields.next("sounding")
        effect = try fields.next("effect")
        level = try fields.next("level")
        silenceCause = try fields.next("silence_cause")
    }

    /// The entry as a struct value.
    public var busValue: BusValue {
        .structure([
            .string(stream), .string(direction), .string(role), .string(application), .string(session),
            .boolean(sounding), .string(effect), .double(level), .string(silenceCause),
        ])
    }

    /// `ListStreams`'s reply with these entries.
    public static func reply(_ rows: [StreamListing]) -> BusArguments {
        [.array(element: busType, rows.map(\.busValue))]
    }

    /// The entries of `ListStreams`'s reply.
    public static func rows(from arguments: BusArguments) throws(WireFormatError) -> [StreamListing] {
        var fields = WireFields(arguments, context: "ListStreams's reply")
        return try fields.nextArray("streams", of: busType) { entry throws(WireFormatError) in try StreamListing(&entry) }
    }
}
