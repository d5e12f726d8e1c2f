/// A stream as the engine tracks it: its facts and every cause acting on it.
///
/// Effects are derived from the causes, so each cause removes exactly its own.
struct StreamRecord: Hashable, Sendable {
    var info: StreamInfo
    var order: Int
    /// Why the stream is never touched (an exclusion, an exempt app, its session ended); `nil` otherwise.
    var excludedBecause: String?
    /// Set while the stream is what an ended session left behind (see ``EndedSessionLeftover``).
    var leftover: EndedSessionLeftover?
    var role: Role
    /// What its role makes it, and its rank: fixed while the record lives (a policy change or a
    /// changed stream makes a new record).
    var behavior: RoleBehavior
    var standing: RankStanding
    /// Whether it plays as a call because its process captures from a microphone (its role is
    /// then `communication`; see ``PolicyEngine/countsAsCaptureCall(_:)``).
    var isCaptureCall = false
    /// When the server removed it while its process still captured from a microphone: it stays
    /// for `capture-call-hold-ms` as the call's stand-in (see ``PolicyEngine/holdReplacedCall(_:)``),
    /// acting on others but never itself the subject of a decision.
    var replacedSince: Int?
    /// When it stopped sounding while its process still captured from a microphone: it keeps
    /// acting as the call for `capture-call-hold-ms` (PipeWire shows a node that is being
    /// replaced as stopped before it removes it).
    var quietCallSince: Int?
    var duckers: [Participant: Double] = [:]
    var silencers: [Participant: SilenceCause] = [:]

    /// The session the stream takes part through, if any.
    var session: SessionID? { info.session }

    /// Whether it plays as far as the policy knows: it sounds, or the policy silences it (the
    /// native agent silences by a Pause, and a paused node shows stopped like a player's pause).
    var playsForThePolicy: Bool { info.isSounding || !silencers.isEmpty }
}
