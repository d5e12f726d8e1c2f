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

    /// The value a session has until its app states one: `false` for every preference.
    public var defaultValue: Bool { false }

    /// Says `session preference` in messages.
    public static var kindName: String { "session preference" }
}
