extension PolicyEngine {
    /// The sessions the engine knows.
    public var sessionIDs: [SessionID] { state.sessions.keys.sorted() }

    /// The streams the engine knows.
    public var streamIDs: [StreamID] { state.streams.keys.sorted() }

    /// Where a session stands, or `nil` for an unknown session.
    public func activity(of session: SessionID) -> SessionActivity? {
        state.sessions[session]?.activity
    }

    /// What policy does to a stream now, or `nil` for an unknown stream.
    public func effects(on stream: StreamID) -> StreamEffect? {
        state.streams[stream].map(effect(of:))
    }

    /// The rank policy gives a session or role-mapped stream, or `nil` when it is unknown.
    public func rank(of participant: Participant) -> Int? {
        facts(of: participant)?.rank
    }

    /// Whether any participant other than `session` is playing audio (AVAudioSession's isOtherAudioPlaying).
    public func isOtherAudioPlaying(for session: SessionID) -> Bool {
        state.soundingParticipants.contains { $0 != .session(session) }
    }

    /// Why a stream is in its current state, or `nil` for an unknown stream.
    ///
    /// ```swift
    /// print(engine.explanation(of: "music") ?? "no such stream")
    /// // stream music: ducked(level: 0.3), role music, through stream music
    /// // ducked to 0.3 by session nav (duck-others, rank 80)
    /// ```
    public func explanation(of stream: StreamID) -> StreamExplanation? {
        guard let record = state.streams[stream] else { return nil }
        let interruptedBy = record.session.flatMap { state.sessions[$0] }?.interruptedBy ?? []
        var silencedBy = record.silencers
        if state.unplugHolds[stream] != nil { silencedBy[.stream(stream)] = .unplugged }
        var ranks: [Participant: Int] = [:]
        for who in Set(record.duckers.keys).union(record.silencers.keys).union(interruptedBy) {
            ranks[who] = rank(of: who)
        }
        return StreamExplanation(
            stream: stream, effect: effect(of: record), role: record.role, participant: participant(of: record),
            excludedBecause: record.excludedBecause, duckedBy: record.duckers, silencedBy: silencedBy,
            sessionInterruptedBy: interruptedBy, policyEnabled: state.policy.enabled, ranks: ranks)
    }
}
