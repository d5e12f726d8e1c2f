extension RemoteCommand {
    /// The MPRIS method that asks for this command, for messages.
    var mprisMethod: String {
        switch self {
        case .play: "Play"
        case .pause: "Pause"
        case .togglePlayPause: "PlayPause"
        case .stop: "Stop"
        case .nextTrack: "Next"
        case .previousTrack: "Previous"
        case .seek: "Seek"
        case .changePlaybackPosition: "SetPosition"
        }
    }
}
