import AudioSessionModel

// A muted input interrupts the sessions that record from it, as iOS interrupts them with
// `builtInMicMuted` when the built-in microphone is muted: the user muted the device on the
// server (a mute key, a mixer's switch), so nothing the session records is heard. Like the
// system's sleep it holds the interruption by itself, until the input is unmuted.
extension PolicyEngine {
    /// A capture device's mute changed: the active sessions recording from it are interrupted
    /// (muted), or the interruptions it held end (unmuted).
    mutating func inputMuteChanged(_ device: DeviceInfo) {
        if device.isMuted {
            interruptRecorders(on: device)
        } else {
            endMutedInputInterruptions(of: device)
        }
    }

    /// Interrupts every active session that records from `device`; exempt apps are left alone,
    /// as by any interruption.
    private mutating func interruptRecorders(on device: DeviceInfo) {
        guard state.policy.enabled else { return }
        let held = state.sessions.values.filter { session in
            session.activity == .active && !session.appExempt && session.configuration.category.records
                && inputDevices(of: session).contains(device.id)
        }.map(\.id).sorted()
        for id in held {
            guard var session = state.sessions[id] else { continue }
            for stream in session.streams { touch(stream) }
            session.activity = .interrupted
            session.mutedInput = device.id
            state.sessions[id] = session
            transaction.dirty.insert(.session(id))
            emit(.interruptionBegan(id, reason: .builtInMicMuted, because: Explanation(rule: "its input \(device.port.name) was muted")))
        }
        // Only now: a session stopping releases those it interrupted, and they are held already.
        for id in held { stopActing(.session(id)) }
    }

    /// Ends the interruptions `device`'s mute held: the user unmuted it, so the sessions may resume.
    private mutating func endMutedInputInterruptions(of device: DeviceInfo) {
        for id in state.sessions.keys.sorted() {
            guard var session = state.sessions[id], session.mutedInput == device.id else { continue }
            for stream in session.streams { touch(stream) }
            session.mutedInput = nil
            if !session.isInterrupted && session.activity == .interrupted {
                session.activity = .inactive
                emit(.interruptionEnded(id, shouldResume: true, because: Explanation(rule: "its input \(device.port.name) was unmuted")))
            }
            state.sessions[id] = session
            transaction.dirty.insert(.session(id))
        }
    }

    /// The inputs a session records from: those its capture streams are on, else the one a
    /// capture stream of it would take.
    func inputDevices(of session: SessionRecord) -> Set<DeviceID> {
        let onStreams = session.streams.compactMap { state.streams[$0] }.filter { $0.info.direction == .capture }.compactMap(\.info.device)
        if !onStreams.isEmpty { return Set(onStreams) }
        return (preferredDevice(of: session, .capture) ?? state.defaultDevices[.capture]).map { [$0] } ?? []
    }
}
