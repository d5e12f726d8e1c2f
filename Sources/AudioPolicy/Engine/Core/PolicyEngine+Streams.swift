extension PolicyEngine {
    /// - Parameter leftover: set when the stream is what an ended session left behind (it stays
    ///   excluded unless it now names a live session).
    mutating func addStream(_ info: StreamInfo, order: Int?, leftover: EndedSessionLeftover? = nil) {
        let streamOrder = order ?? state.nextOrder
        if order == nil { state.nextOrder += 1 }
        let excludedBecause = exclusionReason(info)
        let isCaptureCall = excludedBecause == nil && countsAsCaptureCall(info)
        let role = isCaptureCall ? .communication : resolveRole(info)
        let behavior = behavior(of: role)
        var record = StreamRecord(
            info: info, order: streamOrder, excludedBecause: excludedBecause, role: role, behavior: behavior,
            standing: standing(of: behavior.configuration, app: info.app), isCaptureCall: isCaptureCall)
        if let session = info.session, state.sessions[session] == nil {
            // The agent names only sessions it registered; an unknown one means none.
            record.info.session = nil
        }
        if let leftover, record.info.session == nil {
            record.leftover = leftover
            record.excludedBecause = Self.endedSessionExclusion(leftover.session)
        }
        state.streams[info.id] = record
        if order == nil {
            // On the server a new stream starts untouched, even when its session is interrupted: the
            // silence it needs from the start must be a decision.
            transaction.effectsBefore[info.id] = transaction.effectsBefore[info.id] ?? .playing
            if !transaction.touchedOrder.contains(info.id) { transaction.touchedOrder.append(info.id) }
            transaction.dirty.insert(participant(of: record))
        }
        touch(info.id)
        let target = participant(of: record)
        if case .session(let session) = target {
            state.sessions[session]?.streams.insert(info.id)
            if info.direction == .playback && info.isSounding {
                state.sessions[session]?.soundingPlayback.insert(info.id)
                updateDucking(target)
            }
        }
        applyOngoingEffects(to: info.id)
        if case .stream = target, info.isSounding, facts(of: target)?.trigger == true {
            startActing(target)
        }
        if info.direction == .capture { noteMicrophoneOpened(info.id) }
        retireReplacedCalls(supersededBy: info.id)
    }

    /// Removes a stream and every cause that involves it; effects on it need no undoing on the server.
    mutating func removeStream(_ id: StreamID) {
        guard let stream = state.streams[id] else { return }
        let target = participant(of: stream)
        transaction.dirty.insert(target)
        removeCauses(from: id)
        switch target {
        case .session(let session):
            state.sessions[session]?.streams.remove(id)
            state.sessions[session]?.soundingPlayback.remove(id)
            state.streams[id] = nil
            updateDucking(target)
        case .stream:
            stopActing(target)
            state.streams[id] = nil
        }
        if stream.info.direction == .capture { noteMicrophoneClosed(stream) }
    }

    /// Takes the stream out of every actor's bookkeeping and drops its causes.
    mutating func removeCauses(from id: StreamID) {
        guard let stream = state.streams[id] else { return }
        for actor in stream.duckers.keys { state.actors[actor]?.duckedStreams.remove(id) }
        for actor in stream.silencers.keys { state.actors[actor]?.silencedStreams.remove(id) }
        state.streams[id]?.duckers = [:]
        state.streams[id]?.silencers = [:]
    }

    mutating func setSounding(_ id: StreamID, _ isSounding: Bool) {
        guard let stream = state.streams[id], stream.info.isSounding != isSounding else { return }
        state.streams[id]?.info.isSounding = isSounding
        let target = participant(of: stream)
        transaction.dirty.insert(target)
        switch target {
        case .session(let session):
            guard stream.info.direction == .playback else { return }
            if isSounding {
                state.sessions[session]?.soundingPlayback.insert(id)
            } else {
                state.sessions[session]?.soundingPlayback.remove(id)
            }
            updateDucking(target)
        case .stream:
            if isSounding {
                applyOngoingEffects(to: id)
                if facts(of: target)?.trigger == true { startActing(target) }
                retireReplacedCalls(supersededBy: id)
            } else if !holdQuietCall(id) {
                // A trigger that stops sounding has ended, like a deactivation with notify-others.
                stopActing(target)
            }
        }
    }

    /// Streams an ended session left behind more than ``leftoverGraceMilliseconds`` ago: their app
    /// lives on without its session, so they become its legacy streams.
    mutating func adoptLeftovers() {
        let due = state.streams.values.filter { record in
            record.leftover.map { state.now - $0.since >= Self.leftoverGraceMilliseconds } == true
        }
        for record in due.sorted(by: { $0.order < $1.order }) {
            touch(record.info.id)
            removeStream(record.info.id)
            addStream(record.info, order: record.order)
        }
    }
}
