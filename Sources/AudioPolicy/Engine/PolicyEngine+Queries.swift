public import AudioSessionModel

extension PolicyEngine {
    /// The sessions the engine knows.
    public var sessionIDs: [SessionID] { state.sessions.keys.sorted() }

    /// The streams the engine knows.
    public var streamIDs: [StreamID] { state.streams.values.filter { $0.replacedSince == nil }.map(\.info.id).sorted() }

    /// Where a session stands, or `nil` for an unknown session.
    public func activity(of session: SessionID) -> SessionActivity? {
        state.sessions[session]?.activity
    }

    /// What policy does to a stream now, or `nil` for an unknown stream.
    /// The session the stream belongs to, or nil for a stream without one.
    public func session(of stream: StreamID) -> SessionID? {
        state.streams[stream]?.session
    }

    public func effects(on stream: StreamID) -> StreamEffect? {
        state.streams[stream].flatMap { $0.replacedSince == nil ? effect(of: $0) : nil }
    }

    /// The rank policy gives a session or role-mapped stream, or `nil` when it is unknown.
    public func rank(of participant: Participant) -> Int? {
        facts(of: participant)?.rank
    }

    /// Whether any participant other than `session` is playing audio (AVAudioSession's isOtherAudioPlaying).
    public func isOtherAudioPlaying(for session: SessionID) -> Bool {
        state.soundingParticipants.contains { $0 != .session(session) }
    }

    /// Whether the session's secondary-audio hint stands at `begin` (the last hint it was sent),
    /// `false` when it was never sent or ended; `nil` for an unknown session.
    ///
    /// ```swift
    /// if engine.secondaryAudioHintBegun(for: game) == true { print("silence the soundtrack") }
    /// ```
    public func secondaryAudioHintBegun(for session: SessionID) -> Bool? {
        state.sessions[session]?.hintBegun
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
        var rankMatches: [Participant: IdentityMatch] = [:]
        for who in Set(record.duckers.keys).union(record.silencers.keys).union(interruptedBy) {
            ranks[who] = rank(of: who)
            rankMatches[who] = reservedRankMatch(of: who)
        }
        var explanation = StreamExplanation(
            stream: stream, effect: effect(of: record), role: record.role, participant: participant(of: record),
            excludedBecause: record.excludedBecause, duckedBy: record.duckers, silencedBy: silencedBy,
            sessionInterruptedBy: interruptedBy, policyEnabled: state.policy.enabled, ranks: ranks)
        explanation.rankMatches = rankMatches
        explanation.sessionExemptBecause = record.session.flatMap(sessionExemption(of:))
        explanation.captureCallBecause = captureCallExplanation(of: record)
        if record.excludedBecause == nil { explanation.includedBecause = inclusionExplanation(of: record.info) }
        explanation.appRoleBecause = appRoleExplanation(of: record)
        explanation.app = record.info.app
        explanation.sessionSuspendedBySleep = record.session.flatMap { state.sessions[$0] }?.suspendedBySleep ?? false
        return explanation
    }
}

// Routes as the engine sees them, for the agent's `GetCurrentRoute` and the calls that name ports.
extension PolicyEngine {
    /// Where a session's audio goes now, exactly as its `RouteChanged` notices describe it: the
    /// devices its streams use (or are being moved to), or, for a direction it has no stream in,
    /// the device a new stream would get. `nil` for an unknown session.
    ///
    /// ```swift
    /// let outputs = engine.route(of: "3")?.outputs.map(\.uid) ?? []   // ["headphones"]
    /// ```
    public func route(of session: SessionID) -> RouteDescription? {
        state.sessions[session].map(currentRoute(of:))
    }

    /// The available device of `direction` whose port has the stable `uid` (a sink or source
    /// name), or `nil` when none has it now.
    ///
    /// ```swift
    /// let mic = engine.device(withPortUID: "usb-mic", direction: .capture)
    /// ```
    public func device(withPortUID uid: String, direction: StreamDirection) -> DeviceID? {
        state.devices.values
            .filter { $0.direction == direction && $0.isAvailable && $0.port.uid == uid }
            .map(\.id).min()
    }

    /// The ports of `direction` that are available now, ordered by uid.
    ///
    /// ```swift
    /// let inputs = engine.availablePorts(.capture).map(\.uid)   // ["mic", "usb-mic"]
    /// ```
    public func availablePorts(_ direction: StreamDirection) -> [PortDescription] {
        state.devices.values.filter { $0.direction == direction && $0.isAvailable }.map(\.port)
            .sorted { $0.uid < $1.uid }
    }
}

extension PolicyEngine {
    /// The echo canceller the session's audio goes through now, or `nil` when its input is
    /// unprocessed.
    ///
    /// ```swift
    /// if let canceller = engine.echoCanceller(of: "call") { print(canceller.settings.kind) }  // speex
    /// ```
    public func echoCanceller(of session: SessionID) -> EchoCanceller? {
        state.sessionCancellers[session].flatMap { state.echoCancellers[$0] }
    }

    /// Whether the session could have echo-cancelled input if its app asked
    /// (`isEchoCancelledInputAvailable`): the policy gives a canceller to a session of its
    /// category and mode (by mode, or honouring the app's request), and the devices its input and
    /// output would use are there. `false` for a session the engine does not know.
    ///
    /// ```swift
    /// engine.handle(.sessionConfigured("call", try SessionConfiguration(category: .playAndRecord)))
    /// engine.isEchoCancelledInputAvailable(for: "call")   // true with the shipped policy
    /// ```
    public func isEchoCancelledInputAvailable(for session: SessionID) -> Bool {
        state.sessions[session].map(canCancelEcho) ?? false
    }
}
