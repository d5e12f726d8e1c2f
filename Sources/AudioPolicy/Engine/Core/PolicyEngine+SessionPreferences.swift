public import AudioSessionModel

// The app's yes-or-no preferences for its session (``SessionPreference``): facts of the session
// the policy weighs where each matters (route disconnects, system sounds). A change re-decides
// what it touches at once.
extension PolicyEngine {
    /// The app set one of its session's preferences.
    mutating func setPreference(_ preference: SessionPreference, _ value: Bool, of id: SessionID) {
        guard state.sessions[id] != nil else { return }
        guard state.sessions[id]?.preferences.contains(preference) != value else { return }
        if value {
            state.sessions[id]?.preferences.insert(preference)
        } else {
            state.sessions[id]?.preferences.remove(preference)
        }
        actAgain(after: preference, of: id)
    }

    /// Whether the session's app set `preference`; `nil` for an unknown session.
    ///
    /// ```swift
    /// engine.handle(.sessionPreferenceChanged("music", .interruptionOnRouteDisconnect, true))
    /// engine.preference(.interruptionOnRouteDisconnect, of: "music")   // true
    /// ```
    public func preference(_ preference: SessionPreference, of id: SessionID) -> Bool? {
        state.sessions[id].map { $0.preferences.contains(preference) }
    }

    /// The app changed a preference: for a system-sound one, what the session does to system
    /// sounds and what they do to it are decided again; a route-disconnect one waits for the
    /// next unplug.
    private mutating func actAgain(after preference: SessionPreference, of id: SessionID) {
        switch preference {
        case .interruptionOnRouteDisconnect:
            return
        case .systemSoundsDuringRecording:
            restartActing(.session(id))
        case .noInterruptionsFromSystemAlerts:
            let alerts = state.actors.keys.filter { actor in
                guard case .stream(let stream) = actor, let record = state.streams[stream] else { return false }
                return isSystemSound(record)
            }
            for alert in alerts.sorted() { restartActing(alert) }
        }
    }
}
