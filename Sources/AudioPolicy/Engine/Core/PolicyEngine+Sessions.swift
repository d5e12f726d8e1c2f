import AudioSessionModel

extension PolicyEngine {
    mutating func registerSession(_ id: SessionID, app: AppIdentity) {
        guard state.sessions[id] == nil else { return }
        state.sessions[id] = SessionRecord(id: id, app: app, registrationOrder: state.nextOrder)
        let appExempt = appRule(for: app)?.exempt ?? false
        state.sessions[id]?.appExempt = appExempt
        refreshStanding(of: id)
        state.nextOrder += 1
        transaction.hintCandidates.insert(id)
    }

    mutating func configureSession(_ id: SessionID, _ configuration: SessionConfiguration) {
        guard state.sessions[id] != nil else { return }
        state.sessions[id]?.hasDeclared = true
        transaction.hintCandidates.insert(id)
        guard state.sessions[id]?.configuration != configuration else { return }
        // A locked screen silences some categories and not others: its streams' effects may change.
        if state.desktop.isLocked, let streams = state.sessions[id]?.streams {
            for stream in streams { touch(stream) }
        }
        state.sessions[id]?.configuration = configuration
        refreshStanding(of: id)
        transaction.dirty.insert(.session(id))
        transaction.hintCandidates.insert(id)
        restartActing(.session(id))
    }

    /// Works out the session's rank for its configuration again.
    mutating func refreshStanding(of id: SessionID) {
        guard let session = state.sessions[id] else { return }
        let standing = standing(of: session.configuration, app: session.app)
        state.sessions[id]?.standing = standing
    }

    mutating func activateSession(_ id: SessionID) {
        guard let session = state.sessions[id], let facts = facts(of: .session(id)) else { return }
        state.sessions[id]?.hasDeclared = true
        transaction.hintCandidates.insert(id)
        if let (holder, rank) = priorityHolder(against: .session(id), facts) {
            let why = Explanation(rule: "insufficient priority: \(facts.rankName) is below \(rank)", source: holder)
            emit(.activationRefused(id, .insufficientPriority(heldBy: holder, rank: rank), because: why))
            return
        }
        emit(.activated(id, because: Explanation(rule: "activation at \(facts.rankName) \(facts.rank)", source: .session(id))))
        guard session.activity != .active else { return }
        // Reactivating while interrupted: the app resumes on its own, so no interruption-ended is due.
        for interrupter in session.interruptedBy {
            state.actors[interrupter]?.interruptedSessions.remove(id)
        }
        for stream in session.streams { touch(stream) }
        state.sessions[id]?.interruptedBy = []
        state.sessions[id]?.suspendedBySleep = false
        state.sessions[id]?.mutedInput = nil
        state.sessions[id]?.disconnectedDevice = nil
        state.sessions[id]?.activity = .active
        state.sessions[id]?.activationOrder = state.nextOrder
        state.nextOrder += 1
        startActing(.session(id))
    }

    /// Deactivation of an interrupted session changes nothing: it stays interrupted until its
    /// interrupters end, and is then told so.
    mutating func deactivateSession(_ id: SessionID) {
        guard state.sessions[id]?.activity == .active else { return }
        state.sessions[id]?.activity = .inactive
        stopActing(.session(id))
    }

    /// The app went away: a deactivation with notify-others, its streams released from everything.
    mutating func endSession(_ id: SessionID) {
        guard let session = state.sessions[id] else { return }
        stopActing(.session(id))
        for interrupter in session.interruptedBy {
            state.actors[interrupter]?.interruptedSessions.remove(id)
        }
        for streamID in session.streams {
            touch(streamID)
            removeCauses(from: streamID)
            // Its streams linger until the server drops them; nothing may act on them meanwhile.
            state.streams[streamID]?.excludedBecause = Self.endedSessionExclusion(id)
            state.streams[streamID]?.leftover = EndedSessionLeftover(session: id, since: state.now)
        }
        state.sessions[id] = nil
        transaction.dirty.insert(.session(id))
    }

    /// Why a stream of an ended session is left alone.
    static func endedSessionExclusion(_ id: SessionID) -> String { "its session \(id) ended" }
}
