import AudioPolicy

extension PolicyEvent {
    /// The session an app's call is about, if the event is one.
    var session: SessionID? {
        switch self {
        case .sessionRegistered(let id, _), .sessionConfigured(let id, _), .sessionActivated(let id),
            .sessionDeactivated(let id, _), .sessionEnded(let id), .outputOverridden(let id, _),
            .preferredInputChanged(let id, _), .echoCancellationPreferred(let id, _),
            .inputMuteChanged(let id, _), .sessionPreferenceChanged(let id, _, _):
            id
        case .streamAppeared, .streamChanged, .streamSoundingChanged, .streamVanished, .deviceAdded, .deviceRemoved,
            .defaultDeviceChanged, .cardAdded, .cardRemoved, .policyReplaced, .desktopChanged, .timePassed:
            nil
        }
    }

    /// Why a session's activity changed when no decision says so: its own deactivation or end.
    var releaseExplanation: Explanation? {
        switch self {
        case .sessionDeactivated(let id, let notifyOthers):
            Explanation(
                rule: notifyOthers ? "deactivated with notify-others" : "deactivated without notify-others",
                source: .session(id))
        case .sessionEnded(let id):
            Explanation(rule: "session ended", source: .session(id))
        default:
            nil
        }
    }
}
