import AudioSession
import ExampleSupport

extension MusicPlayerExample {
    /// Publishes the player over MPRIS; without a session bus the music plays on, with no remote control.
    static func publishRemoteControl(named playerName: String, applicationID: String) async -> RemoteCommandCenter? {
        guard !playerName.isEmpty else { return nil }
        do {
            let remote = try await RemoteCommandCenter(playerName: playerName, identity: "Music Player Example", desktopEntry: applicationID)
            ExampleOutput.say("remote control: \(remote.busName)")
            return remote
        } catch {
            ExampleOutput.say("no remote control: \(error)")
            return nil
        }
    }

    /// Carries out what media keys, the shell and `playerctl` ask, and reports the new state.
    static func obey(_ commands: RemoteCommands, player: AudioPlayer, remote: RemoteCommandCenter) async {
        for await command in commands {
            switch command {
            case .pause:
                await pause(player, remote)
            case .togglePlayPause where player.isPlaying:
                await pause(player, remote)
            case .play, .togglePlayPause:
                do {
                    try await player.play()
                    remote.playbackState = .playing
                    ExampleOutput.say("playing: remote command")
                } catch {
                    ExampleOutput.say("cannot play: \(error)")
                }
            case .stop:
                player.stop()
                remote.playbackState = .stopped
                remote.elapsedTime = .zero
                ExampleOutput.say("stopped: remote command")
            case .nextTrack, .previousTrack, .seek, .changePlaybackPosition:
                break  // one file, no seeking: the center refuses these before they get here
            }
        }
    }

    private static func pause(_ player: AudioPlayer, _ remote: RemoteCommandCenter) async {
        await player.pause()
        remote.playbackState = .paused
        ExampleOutput.say("paused: remote command")
    }
}
