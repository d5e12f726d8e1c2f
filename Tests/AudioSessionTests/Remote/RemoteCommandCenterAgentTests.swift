import AudioSession
import AudioSessionTesting
import Testing

/// The real agent pauses MPRIS players whose audio it silences: a library app's player is found
/// by the process behind its bus name, so a call pauses it and its end plays it again.
@Suite(.serialized) struct RemoteCommandCenterAgentTests {
    /// This test process is the app: it publishes the player and plays through a paplay it starts
    /// (audio the agent knows only by its process, as an app with its own audio stack plays).
    @Test(
        "a call pauses the app's player over MPRIS and its end plays it again",
        arguments: [(SoundSetup.pulseMinimal, "pulse"), (.pipewirePulse, "pulse"), (.pipewirePulse, "pipewire")])
    func callPausesAndResumesTheLibraryPlayer(setup: SoundSetup, backend: String) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent(backend: backend)
        defer { agent.kill() }

        let center = try await RemoteCommandCenter(playerName: "musicapp", identity: "Music App", busAddress: rig.bus.address)
        defer { center.close() }
        let commands = center.commands
        center.nowPlayingInfo = NowPlayingInfo(title: "song")
        let music = try rig.server.spawn("paplay", ["--property=media.name=music", try rig.tone("music", seconds: 60)])
        defer { music.kill() }
        _ = try await waitForValue("the music stream") { try await rig.server.sinkInput(where: "media.name", is: "music") }
        center.playbackState = .playing

        let phone = try rig.server.spawn(
            "paplay", ["--property=media.name=call", "--property=media.role=phone", try rig.tone("call", seconds: 60)])
        defer { phone.kill() }
        let pause = try await nextEvent("the agent's pause", from: commands, timeout: .seconds(30))
        #expect(pause == .pause)
        center.playbackState = .paused

        phone.terminate()
        _ = await phone.waitForExit()
        let play = try await nextEvent("the agent's play after the call", from: commands, timeout: .seconds(30))
        #expect(play == .play)
        center.playbackState = .playing
        #expect(agent.isRunning, "\(agent.standardError.suffix(4000))")
    }
}
