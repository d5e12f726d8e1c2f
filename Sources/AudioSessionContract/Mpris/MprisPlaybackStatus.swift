/// A player's MPRIS `PlaybackStatus` property, as it travels on the bus.
///
/// ```swift
/// MprisPlaybackStatus(rawValue: "Paused")   // .paused
/// ```
public enum MprisPlaybackStatus: String, Hashable, Sendable {
    /// The player plays.
    case playing = "Playing"
    /// The player is paused and resumes from where it is.
    case paused = "Paused"
    /// The player is stopped.
    case stopped = "Stopped"
}
