/// Why a session was interrupted.
///
/// The desktop-relevant subset of AVAudioSession's reasons: there is no built-in mic mute switch
/// the agent can see, so that reason is left out.
public enum InterruptionReason: String, KebabNamed {
    /// Another session or stream with equal or higher rank took over (a call, a player).
    case `default` = "default"
    /// The system suspended the app's audio (sleep, the session's streams were suspended).
    case appWasSuspended = "app-was-suspended"
    /// The device the session was using went away (pause on unplug).
    case routeDisconnected = "route-disconnected"
    /// The user muted the input the session records from (a mute key, a mixer's mute switch on
    /// the device), as iOS does when the built-in microphone is muted. It ends when the input is
    /// unmuted.
    case builtInMicMuted = "built-in-mic-muted"

    /// Says `interruption reason` in messages.
    public static var kindName: String { "interruption reason" }
}
