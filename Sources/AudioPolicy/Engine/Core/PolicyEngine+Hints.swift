import AudioSessionModel

extension PolicyEngine {
    /// Whether the participant is playing audio that counts as playing for others.
    func countsAsSounding(_ participant: Participant) -> Bool {
        switch participant {
        case .session(let id):
            return state.sessions[id] != nil && isSounding(participant)
        case .stream(let id):
            guard let stream = state.streams[id] else { return false }
            return stream.info.direction == .playback && stream.info.isSounding && stream.excludedBecause == nil
                && self.participant(of: stream) == participant
        }
    }

    /// Primary audio: sounding, non-mixable, not exempt and not silenced.
    func isPrimaryAudio(_ participant: Participant) -> Bool {
        guard countsAsSounding(participant), let facts = facts(of: participant), !facts.isMixable, !facts.exempt
        else { return false }
        switch participant {
        case .session(let id):
            return state.sessions[id]?.interruptedBy.isEmpty ?? false
        case .stream(let id):
            guard let stream = state.streams[id] else { return false }
            if case .silenced = effect(of: stream) { return false }
            return true
        }
    }

    /// Refreshes who is sounding and sends ambient sessions the secondary-audio hints that changed.
    mutating func updateHints() -> [PolicyDecision] {
        let primaryBefore = state.primarySounding
        for participant in transaction.dirty {
            if countsAsSounding(participant) {
                state.soundingParticipants.insert(participant)
            } else {
                state.soundingParticipants.remove(participant)
            }
            if isPrimaryAudio(participant) {
                state.primarySounding.insert(participant)
            } else {
                state.primarySounding.remove(participant)
            }
        }
        let candidates: [SessionID] =
            primaryBefore != state.primarySounding
            ? Array(state.sessions.keys) : Array(transaction.hintCandidates)
        var decisions: [PolicyDecision] = []
        for id in candidates.sorted() {
            guard let session = state.sessions[id] else { continue }
            let wantsHint = session.hasDeclared && [.ambient, .soloAmbient].contains(session.configuration.category)
                && appRule(for: session.app)?.exempt != true
                && otherPrimaryAudio(than: .session(id)) != nil
            guard wantsHint != session.hintBegun else { continue }
            state.sessions[id]?.hintBegun = wantsHint
            let source = otherPrimaryAudio(than: .session(id)) ?? primaryBefore.filter { $0 != .session(id) }.min()
            decisions.append(
                .secondaryAudioHint(
                    id, wantsHint ? .begin : .end,
                    because: Explanation(rule: wantsHint ? "other primary audio started" : "other primary audio stopped", source: source)))
        }
        return decisions
    }

    /// A participant other than `participant` whose primary audio is playing, if any.
    func otherPrimaryAudio(than participant: Participant) -> Participant? {
        state.primarySounding.lazy.filter { $0 != participant }.min()
    }
}
