/// A stream as the engine tracks it: its facts and every cause acting on it.
///
/// Effects are derived from the causes, so each cause removes exactly its own.
struct StreamRecord: Hashable, Sendable {
    var info: StreamInfo
    var order: Int
    /// Why the stream is never touched (an exclusion, an exempt app, its session ended); `nil` otherwise.
    var excludedBecause: String?
    /// The session the stream took part through until that session ended. Its app is going
    /// away: what it leaves on the server is excluded until it vanishes, whatever the server
    /// reports about it meanwhile.
    var endedSession: SessionID?
    var role: Role
    /// What its role makes it, and its rank: fixed while the record lives (a policy change or a
    /// changed stream makes a new record).
    var behavior: RoleBehavior
    var standing: RankStanding
    var duckers: [Participant: Double] = [:]
    var silencers: [Participant: SilenceCause] = [:]

    /// The session the stream takes part through, if any.
    var session: SessionID? { info.session }
}
