public import AudioSessionBus

/// `ExplainStream`'s reply `(sdsssa(sd)a(ss)asbs)`: why a stream is in its state.
///
/// ```swift
/// let why = try StreamExplanationReply(arguments: reply)
/// why.effect                     // "ducked"
/// why.duckedBy.first?.participant // "session:3"
/// ```
public struct StreamExplanationReply: Hashable, Sendable {
    /// Who ducks the stream, and to which level.
    public struct Ducking: Hashable, Sendable {
        /// `session:ID` or `stream:ID`.
        public var participant: String
        /// The level it asks for.
        public var level: Double

        /// The type of one `ducked_by` entry, `(sd)`.
        public static let busType: BusType = .structure([.string, .double])

        /// An entry with these fields.
        public init(participant: String, level: Double) {
            self.participant = participant
            self.level = level
        }
    }

    /// Who silences the stream, and why.
    public struct Silencing: Hashable, Sendable {
        /// `session:ID` or `stream:ID`.
        public var participant: String
        /// The silence cause: `interruption`, `record` or `exclusive`.
        public var cause: String

        /// The type of one `silenced_by` entry, `(ss)`.
        public static let busType: BusType = .structure([.string, .string])

        /// An entry with these fields.
        public init(participant: String, cause: String) {
            self.participant = participant
            self.cause = cause
        }
    }

    /// `playing`, `ducked` or `silenced`.
    public var effect: String
    /// The duck factor: the level while ducked, 1.0 otherwise.
    public var level: Double
    /// The stream's role.
    public var role: String
    /// The participant the stream counts as: `session:ID` or `stream:ID`.
    public var participant: String
    /// Why the policy leaves the stream alone, or empty.
    public var excludedBecause: String
    /// Who ducks it.
    public var duckedBy: [Ducking]
    /// Who silences it.
    public var silencedBy: [Silencing]
    /// Who interrupts its session.
    public var interruptedBy: [String]
    /// Whether the policy is switched on.
    public var policyEnabled: Bool
    /// The explanation in one sentence.
    public var summary: String

    /// A reply with these fields.
    public init(
        effect: String, level: Double, role: String, participant: String, excludedBecause: String,
        duckedBy: [Ducking], silencedBy: [Silencing], interruptedBy: [String], policyEnabled: Bool, summary: String
    ) {
        self.effect = effect
        self.level = level
        self.role = role
        self.participant = participant
        self.excludedBecause = excludedBecause
        self.duckedBy = duckedBy
        self.silencedBy = silencedBy
        self.interruptedBy = interruptedBy
        self.policyEnabled = policyEnabled
        self.summary = summary
    }

    /// Reads the reply's arguments.
    public init(arguments: BusArguments) throws(WireFormatError) {
        var fields = WireFields(arguments, context: "ExplainStream's reply")
        effect = try fields.next("effect")
        level = try fields.next("level")
        role = try fields.next("role")
        participant = try fields.next("participant")
        excludedBecause = try fields.next("excluded_because")
        duckedBy = try fields.nextArray("ducked_by", of: Ducking.busType) { entry throws(WireFormatError) in
            Ducking(participant: try entry.next("participant"), level: try entry.next("level"))
        }
        silencedBy = try fields.nextArray("silenced_by", of: Silencing.busType) { entry throws(WireFormatError) in
            Silencing(participant: try entry.next("participant"), cause: try entry.next("cause"))
        }
        interruptedBy = try fields.next("interrupted_by")
        policyEnabled = try fields.next("policy_enabled")
        summary = try fields.next("summary")
    }

    /// The reply as the agent sends it.
    public var arguments: BusArguments {
        [
            .string(effect), .double(level), .string(role), .string(participant), .string(excludedBecause),
            .array(element: Ducking.busType, duckedBy.map { .structure([.string($0.participant), .double($0.level)]) }),
            .array(element: Silencing.busType, silencedBy.map { .structure([.string($0.participant), .string($0.cause)]) }),
            interruptedBy.busValue, .boolean(policyEnabled), .string(summary),
        ]
    }
}
