import AudioSessionModel

// Interruptions a device holds by itself, whoever else is active: a muted input
// (`built-in-mic-muted`) and a device gone from the route of a session that asked for it
// (`route-disconnected`). Each holds until the device is back as it was.
extension PolicyEngine {
    /// Interrupts the sessions `held` (all active), noting `device` at `hold` as what holds each:
    /// their streams fall silent and the interruption began goes out with `reason`.
    mutating func interrupt(
        _ held: [SessionID], holding hold: WritableKeyPath<SessionRecord, DeviceID?>, by device: DeviceInfo,
        reason: InterruptionReason, rule: String
    ) {
        for id in held {
            guard var session = state.sessions[id] else { continue }
            for stream in session.streams { touch(stream) }
            session.activity = .interrupted
            session[keyPath: hold] = device.id
            state.sessions[id] = session
            transaction.dirty.insert(.session(id))
            emit(.interruptionBegan(id, reason: reason, because: Explanation(rule: rule)))
        }
        // Only now: a session stopping releases those it interrupted, and they are held already.
        for id in held { stopActing(.session(id)) }
    }

    /// Ends the interruptions `device` held at `hold`: a session nothing else holds is told
    /// the interruption ended, with `shouldResume`.
    mutating func endInterruptions(
        holding hold: WritableKeyPath<SessionRecord, DeviceID?>, by device: DeviceInfo, shouldResume: Bool, rule: String
    ) {
        for id in state.sessions.keys.sorted() {
            guard var session = state.sessions[id], session[keyPath: hold] == device.id else { continue }
            for stream in session.streams { touch(stream) }
            session[keyPath: hold] = nil
            if !session.isInterrupted && session.activity == .interrupted {
                session.activity = .inactive
                emit(.interruptionEnded(id, shouldResume: shouldResume, because: Explanation(rule: rule)))
            }
            state.sessions[id] = session
            transaction.dirty.insert(.session(id))
        }
    }

    /// The devices a session's audio of `direction` goes to: those its streams of that direction
    /// are on, else the one a new stream would take.
    func routeDevices(of session: SessionRecord, _ direction: StreamDirection) -> Set<DeviceID> {
        let onStreams = session.streams.compactMap { state.streams[$0] }.filter { $0.info.direction == direction }.compactMap(\.info.device)
        if !onStreams.isEmpty { return Set(onStreams) }
        return (preferredDevice(of: session, direction) ?? state.defaultDevices[direction]).map { [$0] } ?? []
    }
}
