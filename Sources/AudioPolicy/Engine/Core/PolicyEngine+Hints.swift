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
            return state.sessions[id].map { !$0.isInterrupted } ?? false
        case .stream(let id):
            guard let stream = state.streams[id] else { return false }
            if case .silenced = effect(of: stream) { return false }
            return true
        }
    }

    /// Refreshes who is sounding and sends ambient sessions the secondary-audio hints that changed.
    ///
    /// Cost: proportional to the participants this event touched, not to everything sounding.
    /// The primary set is changed in place and its former members are rebuilt only when a hint
    /// ends: a copy of it per event made every event cost as much as all sounding streams.
    mutating func updateHints() -> [PolicyDecision] {
        var primaryAdded: Set<Participant> = []
        var primaryRemoved: [Participant] = []
        for participant in transaction.dirty {
            if countsAsSounding(participant) {
                state.soundingParticipants.insert(participant)
            } else {
                state.soundingParticipants.remove(participant)
            }
            if isPrimaryAudio(participant) {
                if state.primarySounding.insert(participant).inserted { primaryAdded.insert(participant) }
            } else if state.primarySounding.remove(participant) != nil {
                primaryRemoved.append(participant)
            }
        }
        // `dirty` holds each participant once, so the set changed exactly when one of them moved.
        let primaryChanged = !primaryAdded.isEmpty || !primaryRemoved.isEmpty
        let candidates: [SessionID] =
            primaryChanged ? Array(state.sessions.keys) : Array(transaction.hintCandidates)
        var decisions: [PolicyDecision] = []
        for id in candidates.sorted() {
            guard let session = state.sessions[id] else { continue }
            let wantsHint = session.hasDeclared && [.ambient, .soloAmbient].contains(session.configuration.category)
                && !session.appExempt
                && hasOtherPrimaryAudio(than: .session(id))
            guard wantsHint != session.hintBegun else { continue }
            state.sessions[id]?.hintBegun = wantsHint
            let source =
                otherPrimaryAudio(than: .session(id))
                ?? primaryBefore(added: primaryAdded, removed: primaryRemoved).filter { $0 != .session(id) }.min()
            decisions.append(
                .secondaryAudioHint(
                    id, wantsHint ? .begin : .end,
                    because: Explanation(rule: wantsHint ? "other primary audio started" : "other primary audio stopped", source: source)))
        }
        return decisions
    }

    /// Whether a participant other than `participant` plays primary audio; constant time.
    func hasOtherPrimaryAudio(than participant: Participant) -> Bool {
        state.primarySounding.count > 1
            || (state.primarySounding.count == 1 && !state.primarySounding.contains(participant))
    }

    /// The primary set as it was before this event, from what the event added and removed.
    func primaryBefore(added: Set<Participant>, removed: [Participant]) -> [Participant] {
        state.primarySounding.filter { !added.contains($0) } + removed
    }

    /// A participant other than `participant` whose primary audio is playing, if any.
    func otherPrimaryAudio(than participant: Participant) -> Participant? {
        state.primarySounding.lazy.filter { $0 != participant }.min()
    }
}
