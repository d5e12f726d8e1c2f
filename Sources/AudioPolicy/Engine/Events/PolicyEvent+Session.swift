extension PolicyEvent {
    /// The session whose route the event may change, when it names one (its own or its stream's).
    var sessionWhoseRouteMayChange: SessionID? {
        switch self {
        case .sessionRegistered(let id, _), .sessionConfigured(let id, _), .sessionActivated(let id),
            .sessionDeactivated(let id, _), .sessionEnded(let id), .outputOverridden(let id, _),
            .preferredInputChanged(let id, _), .echoCancellationPreferred(let id, _),
            .inputMuteChanged(let id, _), .sessionPreferenceChanged(let id, _, _):
            id
        case .streamAppeared(let info), .streamChanged(let info):
            info.session
        case .streamSoundingChanged, .streamVanished, .deviceAdded, .deviceRemoved, .defaultDeviceChanged,
            .cardAdded, .cardRemoved, .policyReplaced, .desktopChanged, .timePassed:
            nil
        }
    }
}
