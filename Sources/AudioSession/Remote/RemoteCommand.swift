/// A command from outside the app: a media key, a headset button, the desktop shell's media
/// controls or `playerctl`, as MPRIS delivers it. The counterpart of MPRemoteCommandCenter's
/// commands (`playCommand`, `togglePlayPauseCommand`, `changePlaybackPositionCommand`, ...).
///
/// The app carries the command out and then reports what it did through
/// ``RemoteCommandCenter/playbackState`` and ``RemoteCommandCenter/elapsedTime``.
///
/// ```swift
/// for await command in center.commands {
///     switch command {
///     case .play: try await player.play(); center.playbackState = .playing
///     case .pause: player.pause(); center.playbackState = .paused
///     case .togglePlayPause: toggle()
///     case .nextTrack, .previousTrack, .stop: break
///     case .seek(let offset): center.elapsedTime = jump(by: offset)
///     case .changePlaybackPosition(let position): center.elapsedTime = jump(to: position)
///     }
/// }
/// ```
public enum RemoteCommand: Hashable, Sendable {
    /// Start or resume playback (MPRIS `Play`; needs ``RemoteCommandSet/play``).
    case play
    /// Pause playback (MPRIS `Pause`; needs ``RemoteCommandSet/pause``).
    case pause
    /// Pause when playing, play otherwise (MPRIS `PlayPause`, the headset's middle button;
    /// needs ``RemoteCommandSet/pause``).
    case togglePlayPause
    /// Stop playback (MPRIS `Stop`; needs ``RemoteCommandSet/stop``).
    case stop
    /// Go to the next track (MPRIS `Next`; needs ``RemoteCommandSet/nextTrack``).
    case nextTrack
    /// Go to the previous track (MPRIS `Previous`; needs ``RemoteCommandSet/previousTrack``).
    case previousTrack
    /// Move the position by an offset, backwards when negative (MPRIS `Seek`; needs
    /// ``RemoteCommandSet/seek``). MPRIS asks players to go to the start when the result is
    /// below zero and to the next track when it is past the end.
    case seek(by: Duration)
    /// Go to a position in the current track (MPRIS `SetPosition`; needs ``RemoteCommandSet/seek``).
    /// Only positions within the current track's ``NowPlayingInfo/duration`` arrive; requests
    /// for another track or outside it are dropped, as MPRIS says.
    case changePlaybackPosition(to: Duration)
}

/// The commands of a ``RemoteCommandCenter`` (``RemoteCommandCenter/commands``): each access is a
/// new subscription from that moment on; several consumers each get every command.
///
/// ```swift
/// for await command in center.commands where command == .togglePlayPause { toggle() }
/// ```
public typealias RemoteCommands = AudioSessionEvents<RemoteCommand>
