/// What a player is doing now, as the app reports it to the desktop (MPRIS `PlaybackStatus`),
/// like MPNowPlayingInfoCenter's `playbackState`.
///
/// ```swift
/// center.playbackState = .playing
/// ```
public enum NowPlayingPlaybackState: Hashable, Sendable {
    /// Playing: the position advances.
    case playing
    /// Paused: the position stays where it is; play resumes from it.
    case paused
    /// Stopped: nothing plays; play starts again.
    case stopped
}
