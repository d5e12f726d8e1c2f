import AudioSessionModel

// AVAudioSession's system-sound preferences: `prefersNoInterruptionsFromSystemAlerts` (iOS 14.5)
// spares a session what system sounds do to others (an alarm's ducking, a notification role a
// policy lets interrupt), and `allowHapticsAndSystemSoundsDuringRecording` (iOS 13) leaves system
// sounds audible while the session records where `record-silences-output` would silence them.
// System sounds are the streams of ``Policy/Interruption/systemSoundRoles``; the policy decides
// whether apps' asking counts (`honour-no-alert-interruptions`, `honour-system-sounds-during-recording`).
extension PolicyEngine {
    /// Whether the stream is a system sound.
    func isSystemSound(_ stream: StreamRecord) -> Bool {
        Policy.Interruption.systemSoundRoles.contains(stream.role)
    }

    /// Whether `target` is spared what `actor` does because its app prefers no interruptions
    /// from system alerts and `actor` is one.
    func isSpared(_ target: Participant, from actor: Participant) -> Bool {
        guard state.policy.interruption.honourNoAlertInterruptions, case .session(let id) = target,
            state.sessions[id]?.preferences.contains(.noInterruptionsFromSystemAlerts) == true,
            case .stream(let alert) = actor, let stream = state.streams[alert]
        else { return false }
        return isSystemSound(stream)
    }

    /// Whether the recording `actor` leaves `stream` audible because its app allows system
    /// sounds during recording and `stream` is one.
    func letsSystemSoundThrough(_ actor: Participant, _ stream: StreamRecord) -> Bool {
        guard state.policy.interruption.honourSystemSoundsDuringRecording, case .session(let id) = actor,
            state.sessions[id]?.preferences.contains(.systemSoundsDuringRecording) == true
        else { return false }
        return isSystemSound(stream)
    }
}
