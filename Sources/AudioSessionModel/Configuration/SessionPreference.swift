/// A yes-or-no preference an app states for its session beside its category, which the desktop's
/// policy decides whether to honour (AVAudioSession's `setPrefers…` and `setAllow…` setters).
///
/// The bus spells each by its ``kebabName`` (`SetSessionPreference` in docs/dbus-api.md); the
/// policy file says whether the agent honours it.
///
/// ```swift
/// SessionPreference(kebabName: "interruption-on-route-disconnect")   // .interruptionOnRouteDisconnect
/// SessionPreference.interruptionOnRouteDisconnect.defaultValue        // false
/// ```
public enum SessionPreference: String, KebabNamed {
    /// `prefersInterruptionOnRouteDisconnect`: the session is interrupted (`route-disconnected`)
    /// when a device its route uses goes away, besides its route change.
    case interruptionOnRouteDisconnect = "interruption-on-route-disconnect"
    /// `prefersNoInterruptionsFromSystemAlerts`: system alerts (notification and alert sounds)
    /// neither interrupt nor duck the session.
    case noInterruptionsFromSystemAlerts = "no-interruptions-from-system-alerts"
    /// `allowHapticsAndSystemSoundsDuringRecording`: while the session records, system sounds
    /// stay audible where recording would silence other output.
    case systemSoundsDuringRecording = "system-sounds-during-recording"

    /// The value a session has until its app states one: `false` for every preference.
    public var defaultValue: Bool { false }

    /// Says `session preference` in messages.
    public static var kindName: String { "session preference" }
}
