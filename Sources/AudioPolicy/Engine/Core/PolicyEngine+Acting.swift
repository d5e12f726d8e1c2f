import AudioSessionModel

extension PolicyEngine {
    /// Whether `actor` (with `facts`) interrupts a target with `target` facts at activation.
    func interrupts(_ actor: ParticipantFacts, _ target: ParticipantFacts) -> Bool {
        guard target.interruptible, !actor.exempt else { return false }
        if !actor.isMixable && !target.isMixable && target.rank <= actor.rank { return true }
        if actor.isExclusive && target.rank < actor.rank { return true }
        return actor.interruptsSpokenAudio && target.configuration.mode == .spokenAudio && target.rank <= actor.rank
    }

    /// The active participant that keeps `participant` from activating, if any: the highest-ranked
    /// one that outranks it and is exclusive or, like it, non-mixable.
    func priorityHolder(against participant: Participant, _ facts: ParticipantFacts) -> (Participant, Int)? {
        guard !facts.exempt, state.policy.enabled else { return nil }
        var best: (Participant, Int)?
        for other in state.actors.keys where other != participant {
            guard let theirs = self.facts(of: other), !theirs.exempt, theirs.rank > facts.rank,
                theirs.isExclusive || (!theirs.isMixable && !facts.isMixable)
            else { continue }
            if let current = best, current.1 > theirs.rank || (current.1 == theirs.rank && current.0 < other) { continue }
            best = (other, theirs.rank)
        }
        return best
    }

    /// Makes `actor` active: interrupts and silences what it outranks, then starts its ongoing effects.
    mutating func startActing(_ actor: Participant) {
        guard state.actors[actor] == nil, let facts = facts(of: actor) else { return }
        state.actors[actor] = ActorRecord()
        transaction.dirty.insert(actor)
        guard state.policy.enabled, !facts.exempt else { return }

        if !facts.isMixable || facts.isExclusive || facts.interruptsSpokenAudio {
            // Who to act on is chosen first and acted on after: changing the state while iterating
            // over it would copy every record (copy-on-write), and nothing acting changes decides who.
            var stoppedActors: [Participant] = []
            var interrupted: [SessionID] = []
            for (id, session) in state.sessions where Participant.session(id) != actor {
                guard session.activity != .inactive, !isSpared(.session(id), from: actor), let theirs = self.facts(of: .session(id)),
                    interrupts(facts, theirs)
                else { continue }
                if session.activity == .active { stoppedActors.append(.session(id)) }
                interrupted.append(id)
            }
            for id in interrupted { interrupt(id, by: actor, facts) }
            var silenced: [(StreamID, SilenceCause)] = []
            for (id, stream) in state.streams where stream.info.direction == .playback {
                let target = Participant.stream(id)
                guard target != actor, participant(of: stream) == target,
                    stream.playsForThePolicy,
                    let theirs = self.facts(of: target), interrupts(facts, theirs)
                else { continue }
                silenced.append((id, facts.isExclusive && theirs.rank < facts.rank ? .exclusive : .interruption))
            }
            for (id, cause) in silenced { silence(id, by: actor, cause) }
            // Those interrupted stop acting only now, so what they held is already held by the newcomer.
            for stopped in stoppedActors { stopActing(stopped) }
        }
        if facts.configuration.category == .record, case .session = actor, state.policy.interruption.recordSilencesOutput {
            var silenced: [StreamID] = []
            for (id, stream) in state.streams where stream.info.direction == .playback {
                guard participant(of: stream) != actor, let theirs = self.facts(of: participant(of: stream)),
                    theirs.interruptible, stream.excludedBecause == nil, !letsSystemSoundThrough(actor, stream)
                else { continue }
                silenced.append(id)
            }
            for id in silenced { silence(id, by: actor, .record) }
        }
        updateDucking(actor)
    }

    /// Ends everything `actor` does to others; the transaction says whether they may resume.
    mutating func stopActing(_ actor: Participant) {
        guard let record = state.actors.removeValue(forKey: actor) else { return }
        transaction.dirty.insert(actor)
        release(record, of: actor)
    }

    /// Undoes the effects in `record`, except those `keeping` still holds.
    mutating func release(_ record: ActorRecord, of actor: Participant, keeping: ActorRecord = ActorRecord()) {
        for id in record.interruptedSessions.subtracting(keeping.interruptedSessions) {
            endInterruption(of: id, by: actor)
        }
        for id in record.silencedStreams.subtracting(keeping.silencedStreams) {
            touch(id)
            state.streams[id]?.silencers[actor] = nil
            updateDucking(.stream(id))
        }
        for id in record.duckedStreams.subtracting(keeping.duckedStreams) {
            touch(id)
            state.streams[id]?.duckers[actor] = nil
        }
    }

    /// Recomputes what an active participant does after its configuration changed, keeping what still holds.
    mutating func restartActing(_ actor: Participant) {
        guard let old = state.actors.removeValue(forKey: actor) else { return }
        startActing(actor)
        release(old, of: actor, keeping: state.actors[actor] ?? ActorRecord())
    }

    mutating func interrupt(_ id: SessionID, by actor: Participant, _ facts: ParticipantFacts) {
        guard var session = state.sessions[id] else { return }
        for stream in session.streams { touch(stream) }
        if session.activity == .active {
            session.activity = .interrupted
            let rule = facts.isExclusive ? "exclusive \(facts.rankName)" : "interruption by \(facts.rankName)"
            emit(.interruptionBegan(id, reason: .default, because: Explanation(rule: rule, source: actor)))
        }
        session.interruptedBy.insert(actor)
        state.sessions[id] = session
        state.actors[actor]?.interruptedSessions.insert(id)
        transaction.dirty.insert(.session(id))
    }

    /// Removes one interrupter; the interruption ends when it was the last.
    mutating func endInterruption(of id: SessionID, by actor: Participant) {
        guard var session = state.sessions[id], session.interruptedBy.remove(actor) != nil else { return }
        for stream in session.streams { touch(stream) }
        if !session.isInterrupted && session.activity == .interrupted {
            session.activity = .inactive
            emit(.interruptionEnded(id, shouldResume: transaction.resume, because: transaction.release))
        }
        state.sessions[id] = session
        transaction.dirty.insert(.session(id))
    }

    mutating func silence(_ id: StreamID, by actor: Participant, _ cause: SilenceCause) {
        touch(id)
        state.streams[id]?.silencers[actor] = cause
        state.actors[actor]?.silencedStreams.insert(id)
        // A silenced trigger (directions during an exclusive call) no longer sounds, so it stops ducking.
        updateDucking(.stream(id))
    }

    /// A stream decided again (it moved, or its facts changed) stays interrupted by the actors
    /// that interrupted it and still act: an interruption is dealt when it begins, and streams
    /// that start later are not interrupted, so deciding again dropped it. Music a call had
    /// interrupted played on headphones plugged during the call (last-in wins took it there).
    /// An exclusive silence is dealt again by ``applyOngoingEffects(to:)`` once the stream
    /// sounds, and is left to it: a node the native agent paused and WirePlumber relinked can run
    /// again without a state change the agent sees, and it is that new silence that pauses it.
    mutating func keepSilences(of old: StreamRecord) {
        let id = old.info.id
        guard let stream = state.streams[id], stream.info.direction == .playback, stream.excludedBecause == nil,
            participant(of: stream) == participant(of: old), let theirs = facts(of: participant(of: stream))
        else { return }
        for (actor, cause) in old.silencers where cause == .interruption && stream.silencers[actor] == nil {
            guard state.actors[actor] != nil, let facts = facts(of: actor), interrupts(facts, theirs) else { continue }
            silence(id, by: actor, cause)
        }
    }

    /// Whether `actor` lowers `stream` while it ducks.
    func ducks(_ actor: Participant, _ stream: StreamRecord) -> Bool {
        guard stream.info.direction == .playback, stream.excludedBecause == nil else { return false }
        let target = participant(of: stream)
        return target != actor && (facts(of: target)?.duckable ?? false) && !isSpared(target, from: actor)
    }

    /// Starts or stops `actor`'s ducking: it ducks while active, declaring duck-others, sounding and not silenced.
    mutating func updateDucking(_ actor: Participant) {
        guard let record = state.actors[actor] else { return }
        let silenced = if case .stream(let id) = actor { !(state.streams[id]?.silencers.isEmpty ?? true) } else { false }
        let shouldDuck = state.policy.enabled && isSounding(actor) && !silenced
            && (facts(of: actor).map { $0.ducksOthers && !$0.exempt } ?? false)
        guard shouldDuck != record.isDucking else { return }
        state.actors[actor]?.isDucking = shouldDuck
        if shouldDuck {
            let level = state.policy.ducking.level
            // Chosen first, lowered after: lowering while iterating would copy every stream record.
            var ducked: [StreamID] = []
            for (id, stream) in state.streams where ducks(actor, stream) { ducked.append(id) }
            for id in ducked {
                touch(id)
                state.streams[id]?.duckers[actor] = level
            }
            state.actors[actor]?.duckedStreams = Set(ducked)
        } else {
            for id in record.duckedStreams {
                touch(id)
                state.streams[id]?.duckers[actor] = nil
            }
            state.actors[actor]?.duckedStreams = []
        }
    }

    /// Applies the effects that hold for as long as their actor is active to a stream that just
    /// appeared or started sounding: ducking, record silencing and exclusive silencing.
    mutating func applyOngoingEffects(to id: StreamID) {
        guard state.policy.enabled, let stream = state.streams[id], stream.excludedBecause == nil,
            stream.info.direction == .playback
        else { return }
        let target = participant(of: stream)
        guard let theirs = facts(of: target) else { return }
        // Iterate over the actors' ids, not the records: a record held during the loop shares its
        // stream sets with the state, so each insert below would copy a set as large as all streams.
        for actor in Array(state.actors.keys) where actor != target {
            let isDucking = state.actors[actor]?.isDucking ?? false
            if isDucking, ducks(actor, stream), stream.duckers[actor] == nil {
                touch(id)
                state.streams[id]?.duckers[actor] = state.policy.ducking.level
                state.actors[actor]?.duckedStreams.insert(id)
            }
            guard let facts = facts(of: actor), !facts.exempt, theirs.interruptible, stream.silencers[actor] == nil
            else { continue }
            if facts.configuration.category == .record, case .session = actor, state.policy.interruption.recordSilencesOutput {
                if !letsSystemSoundThrough(actor, stream) { silence(id, by: actor, .record) }
            } else if facts.isExclusive, theirs.rank < facts.rank, case .stream = target, stream.info.isSounding {
                silence(id, by: actor, .exclusive)
            }
        }
    }
}
