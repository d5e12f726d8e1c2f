/// What happened to an ``AudioPlayer`` on its own: the delegate callbacks of AVAudioPlayer, and
/// the pauses the player makes for the session.
///
/// ```swift
/// for await event in player.events {
///     switch event {
///     case .finished(let successfully): print("done", successfully)
///     case .pausedByInterruption: showPaused()
///     case .resumedAfterInterruption: showPlaying()
///     case .pausedForRouteChange: showPaused()   // the headphones were unplugged
///     case .stoppedByServer(let reason): print(reason)
///     case .resumedAfterMediaServicesReset: showPlaying()
///     }
/// }
/// ```
public enum AudioPlayerEvent: Hashable, Sendable {
    /// Playback reached the end (after the last loop); the player is stopped and rewound.
    /// `successfully` is false when the server ended the stream before the end.
    case finished(successfully: Bool)
    /// The session was interrupted (a call): the player paused.
    case pausedByInterruption
    /// The interruption ended with should-resume: the player reactivated the session and plays on.
    case resumedAfterInterruption
    /// The output device went away (old-device-unavailable): the player paused, as on iOS.
    case pausedForRouteChange
    /// The server ended the stream (killed, or the server went away); the player stopped. When
    /// the server went away mid-play the player keeps its place and plays on after the session's
    /// ``AudioSession/mediaServicesWereReset`` (``resumedAfterMediaServicesReset``).
    case stoppedByServer(reason: String)
    /// The sound server came back after a restart: the player opened a new stream and plays on
    /// from where the old server stopped.
    case resumedAfterMediaServicesReset
}
