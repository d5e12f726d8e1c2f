import AudioSessionBus
import AudioSessionContract
import Synchronization

extension RemoteCommandCenter {
    /// What is playing (MPRIS `Metadata`), as MPNowPlayingInfoCenter's `nowPlayingInfo`; `nil`
    /// when nothing is. Setting it announces the change; a new title, artist or album is a new
    /// track for the desktop.
    ///
    /// ```swift
    /// center.nowPlayingInfo = NowPlayingInfo(title: "song.wav", duration: .seconds(180))
    /// ```
    public var nowPlayingInfo: NowPlayingInfo? {
        get { core.state.withLock { $0.info } }
        set {
            update { state in
                state.setInfo(newValue)
                return ["Metadata": state.metadata]
            }
        }
    }

    /// Whether the app plays (MPRIS `PlaybackStatus`), as MPNowPlayingInfoCenter's
    /// `playbackState`: set it whenever playback starts, pauses or stops, whoever asked for it.
    /// The policy agent reads it to decide whether to pause the player and whether to play it
    /// again after. Starts as ``NowPlayingPlaybackState/stopped``.
    ///
    /// ```swift
    /// center.playbackState = .paused
    /// ```
    public var playbackState: NowPlayingPlaybackState {
        get { core.state.withLock { $0.playbackState } }
        set {
            update { state in
                state.setPlaybackState(newValue, now: .now)
                return [MprisNames.playbackStatus: .string(state.status.rawValue)]
            }
        }
    }

    /// Where playback is in the current track (MPRIS `Position`). While
    /// ``playbackState`` is ``NowPlayingPlaybackState/playing`` the center counts the time on
    /// from the last value set, so set it only when playback jumps (a seek, a new track at
    /// zero): each set is announced as a jump (MPRIS `Seeked`).
    ///
    /// ```swift
    /// case .changePlaybackPosition(let position):
    ///     player.currentTime = position
    ///     center.elapsedTime = position
    /// ```
    public var elapsedTime: Duration {
        get { core.state.withLock { $0.position(at: .now) } }
        set {
            core.state.withLock { state in
                state.setPosition(newValue, now: .now)
                let position = state.position(at: .now)
                try? connection.emitSignal(
                    path: MprisNames.objectPath, interface: MprisNames.playerInterface, name: "Seeked",
                    arguments: [.int64(position.mprisMicroseconds)])
            }
        }
    }

    /// The commands the player takes (MPRIS `CanPlay`, `CanPause`, `CanGoNext`,
    /// `CanGoPrevious`, `CanSeek`), as MPRemoteCommand's `isEnabled`; others are refused at the
    /// bus. Starts as ``RemoteCommandSet/playback``.
    ///
    /// ```swift
    /// center.enabledCommands = [.play, .pause, .nextTrack, .previousTrack, .seek]
    /// ```
    public var enabledCommands: RemoteCommandSet {
        get { core.state.withLock { $0.enabledCommands } }
        set {
            update { state in
                state.enabledCommands = newValue
                return state.capabilities
            }
        }
    }

    /// Changes the state and announces the changed properties. The signal is sent under the
    /// state's lock (sending only queues it for the connection's thread), so announcements
    /// leave in the order the changes were made.
    private func update(_ change: (inout MprisPlayerState) -> [String: BusValue]) {
        core.state.withLock { state in
            let changed = change(&state)
            // A closed center has nobody to tell.
            try? connection.emitPropertiesChanged(path: MprisNames.objectPath, interface: MprisNames.playerInterface, changed: changed)
        }
    }
}
