/// A player's MPRIS `PlaybackStatus` property.
enum MprisPlaybackStatus: String, Hashable, Sendable {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"
}
