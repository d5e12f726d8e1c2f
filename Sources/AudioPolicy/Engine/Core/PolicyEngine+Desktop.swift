import AudioSessionModel

// The desktop's own state: the system's sleep interrupts every active session (AVAudioSession's
// app-was-suspended) and its wake ends those interruptions and tells every session its route; a
// locked screen silences ambient and solo-ambient sessions (`silence-ambient-when-locked`);
// do-not-disturb holds notification sounds (`hold-notifications-during-dnd`).
extension PolicyEngine {
    mutating func changeDesktop(to desktop: DesktopState) {
        let old = state.desktop
        if desktop.isLocked != old.isLocked {
            transaction.release = Explanation(rule: "the screen was unlocked")
            touchAmbientStreams()
        }
        if desktop.doNotDisturb != old.doNotDisturb {
            transaction.release = Explanation(rule: "do-not-disturb ended")
            touchNotificationStreams()
        }
        state.desktop = desktop
        if desktop.isSleeping && !old.isSleeping {
            suspendForSleep()
        } else if !desktop.isSleeping && old.isSleeping {
            transaction.release = Explanation(rule: "the system woke")
            transaction.resume = state.policy.desktop.resumeAfterSleep
            wakeFromSleep()
        }
    }

    /// Whether the stream is silenced because the screen is locked: a playback stream of an
    /// ambient or solo-ambient session, under `silence-ambient-when-locked`.
    func isSilencedByLock(_ stream: StreamRecord) -> Bool {
        guard state.desktop.isLocked, state.policy.desktop.silenceAmbientWhenLocked, stream.info.direction == .playback,
            let session = stream.session.flatMap({ state.sessions[$0] }), !session.appExempt
        else { return false }
        return Self.lockSilencedCategories.contains(session.configuration.category)
    }

    /// Whether the stream is held because do-not-disturb is on: a notification sound (role
    /// `notification`, event sounds included), under `hold-notifications-during-dnd`.
    func isHeldByDoNotDisturb(_ stream: StreamRecord) -> Bool {
        state.desktop.doNotDisturb && state.policy.desktop.holdNotificationsDuringDoNotDisturb
            && stream.info.direction == .playback && stream.role == .notification
    }

    /// Remembers the effects of every notification sound, before do-not-disturb changes.
    private mutating func touchNotificationStreams() {
        let touched = state.streams.values.filter { $0.role == .notification }.map(\.info.id)
        for id in touched { touch(id) }
    }

    static let lockSilencedCategories: Set<AudioSessionModel.Category> = [.ambient, .soloAmbient]

    /// Remembers the effects of every stream a lock may silence, before the lock changes.
    private mutating func touchAmbientStreams() {
        var touched: [StreamID] = []
        for session in state.sessions.values where Self.lockSilencedCategories.contains(session.configuration.category) {
            touched += session.streams
        }
        for id in touched { touch(id) }
    }

    /// Interrupts every active session; sessions already interrupted stay so until the system
    /// woke, even when their interrupter stops meanwhile. Exempt apps are left alone, as by any
    /// interruption.
    private mutating func suspendForSleep() {
        guard state.policy.enabled else { return }
        let held = state.sessions.values.filter { $0.activity != .inactive && !$0.appExempt }.map(\.id).sorted()
        var stopped: [SessionID] = []
        for id in held {
            guard var session = state.sessions[id] else { continue }
            for stream in session.streams { touch(stream) }
            if session.activity == .active {
                session.activity = .interrupted
                stopped.append(id)
                emit(.interruptionBegan(id, reason: .appWasSuspended, because: Explanation(rule: "the system sleeps")))
            }
            session.suspendedBySleep = true
            state.sessions[id] = session
            transaction.dirty.insert(.session(id))
        }
        // Only now: a session stopping releases those it interrupted, and they are held already.
        for id in stopped { stopActing(.session(id)) }
    }

    /// Ends the interruptions the sleep began (`resume-after-sleep` says whether they may
    /// resume) and tells every session its route with the reason `wake-from-sleep`.
    private mutating func wakeFromSleep() {
        for id in state.sessions.keys.sorted() {
            guard var session = state.sessions[id] else { continue }
            if session.hasDeclared { transaction.sessionRouteReasons[id] = .wakeFromSleep }
            guard session.suspendedBySleep else { continue }
            for stream in session.streams { touch(stream) }
            session.suspendedBySleep = false
            if !session.isInterrupted && session.activity == .interrupted {
                session.activity = .inactive
                emit(.interruptionEnded(id, shouldResume: transaction.resume, because: transaction.release))
            }
            state.sessions[id] = session
            transaction.dirty.insert(.session(id))
        }
        transaction.allRoutesDirty = true
        transaction.announceUnchangedRoutes = true
    }
}
