public import AudioSessionModel

/// Something that happened, as the agent reports it to ``PolicyEngine/handle(_:)``.
///
/// ```swift
/// engine.handle(.sessionRegistered("nav", app: AppIdentity(applicationID: "maps")))
/// engine.handle(.sessionConfigured("nav", try SessionConfiguration(category: .playback, mode: .voicePrompt, options: [.duckOthers])))
/// engine.handle(.sessionActivated("nav"))
/// ```
public enum PolicyEvent: Hashable, Sendable {
    /// An app registered a session.
    case sessionRegistered(SessionID, app: AppIdentity)
    /// A session declared its category, mode and options.
    case sessionConfigured(SessionID, SessionConfiguration)
    /// A session asked to become active.
    case sessionActivated(SessionID)
    /// A session became inactive; `notifyOthers` lets those it interrupted resume.
    case sessionDeactivated(SessionID, notifyOthers: Bool)
    /// A session's app went away; counts as a deactivation with notify-others.
    case sessionEnded(SessionID)
    /// A stream appeared.
    case streamAppeared(StreamInfo)
    /// A stream's properties, session or app changed.
    case streamChanged(StreamInfo)
    /// A stream started or stopped running.
    case streamSoundingChanged(StreamID, isSounding: Bool)
    /// A stream went away.
    case streamVanished(StreamID)
    /// A device appeared, or a known one changed (its active port, its availability).
    case deviceAdded(DeviceInfo)
    /// A device went away.
    case deviceRemoved(DeviceID)
    /// A Bluetooth card appeared or changed (its profiles, the profile in use).
    case cardAdded(CardInfo)
    /// A Bluetooth card went away.
    case cardRemoved(CardID)
    /// The server's default device for a direction changed (`nil`: none).
    case defaultDeviceChanged(StreamDirection, DeviceID?)
    /// The app overrode its output to the built-in speaker (`true`) or removed the override
    /// (AVAudioSession's `overrideOutputAudioPort(.speaker / .none)`).
    case outputOverridden(SessionID, toSpeaker: Bool)
    /// The app chose its input (`setPreferredInput`), or cleared the choice with `nil`.
    case preferredInputChanged(SessionID, DeviceID?)
    /// The app asked for echo-cancelled input (`true`) or asked for none (`false`)
    /// (AVAudioSession's `setPrefersEchoCancelledInput`); the policy weighs it against the mode.
    case echoCancellationPreferred(SessionID, Bool)
    /// The app muted (`true`) or unmuted all of its input (AVAudioApplication's `setInputMuted`):
    /// every capture stream of the session, those that appear later included.
    case inputMuteChanged(SessionID, muted: Bool)
    /// The app set one of its session's yes-or-no preferences (AVAudioSession's
    /// `setPrefersInterruptionOnRouteDisconnect` and the like); the policy decides whether it counts.
    case sessionPreferenceChanged(SessionID, SessionPreference, Bool)
    /// A new policy replaces the current one.
    case policyReplaced(Policy)
    /// The desktop's own state changed: the system goes to sleep or woke up.
    case desktopChanged(DesktopState)
    /// Time advanced; milliseconds since the agent started (the engine never reads a clock).
    case timePassed(milliseconds: Int)
}
