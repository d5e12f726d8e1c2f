/// Why a session was interrupted.
///
/// The desktop-relevant subset of AVAudioSession's reasons: there is no built-in mic mute switch
/// the agent can see, so that reason is left out.
public enum InterruptionReason: String, KebabNamed {
    /// Another session or stream with equal or higher rank took over (a call, a player).
    case `default` = "default"
    /// The system suspended the app's audio (sleep, the session's streams were suspended).
    case appWasSuspended = "app-was-suspended"
    /// A device the session's route used went away, for a session whose app asked for it
    /// (`prefersInterruptionOnRouteDisconnect`); it ends, without should-resume, when the device
    /// is back. Every session hears the route change (`old-device-unavailable`) as well.
    case routeDisconnected = "route-disconnected"
    /// The user muted the input the session records from (a mute key, a mixer's mute switch on
    /// the device), as iOS does when the built-in microphone is muted. It ends when the input is
    /// unmuted.
    case builtInMicMuted = "built-in-mic-muted"

    /// Says `interruption reason` in messages.
    public static var kindName: String { "interruption reason" }
}
