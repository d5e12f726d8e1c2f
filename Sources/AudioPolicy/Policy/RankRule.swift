public import AudioSessionModel

/// A rule giving matching participants a rank (`[[rank]]` in files).
///
/// A rule matches when every list it gives contains the participant's value; an empty list
/// matches anything. A non-empty ``apps`` list reserves the rank for those apps: an app that
/// declares voice-chat gets the calls rank only if it is listed, by an id whose evidence the rule
/// accepts (``evidence``: verified or claimed unless it says otherwise).
///
/// ```swift
/// let calls = RankRule(name: "calls", categories: [.playAndRecord], modes: [.voiceChat, .videoChat], rank: 90, exclusive: true)
/// ```
public struct RankRule: Hashable, Sendable {
    /// The rule's name, shown by explain and in logs.
    public var name: String
    /// Categories the rule covers; empty means any.
    public var categories: [Category]
    /// Modes the rule covers; empty means any.
    public var modes: [Mode]
    /// Application ids the rule covers; empty means any app.
    public var apps: [String]
    /// The rank given (0 ... 1000); higher wins.
    public var rank: Int
    /// While a matching participant is active, it silences or interrupts every lower-ranked
    /// participant, mixable or not.
    public var exclusive: Bool
    /// The evidence an id must have to count for ``apps`` (`evidence` in files).
    public var evidence: Set<IdentityEvidence>

    /// Creates a rank rule.
    public init(
        name: String, categories: [Category] = [], modes: [Mode] = [], apps: [String] = [],
        rank: Int, exclusive: Bool = false, evidence: Set<IdentityEvidence> = IdentityEvidence.defaultAccepted
    ) {
        self.evidence = evidence
        self.name = name
        self.categories = categories
        self.modes = modes
        self.apps = apps
        self.rank = rank
        self.exclusive = exclusive
    }
}
