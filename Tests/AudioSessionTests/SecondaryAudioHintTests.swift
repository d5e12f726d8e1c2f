import AudioSession
import AudioSessionTesting
import Testing

/// A game's ambient session is told when another app's primary audio plays and stops.
@Suite(.serialized) struct SecondaryAudioHintTests {
    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func ambientSessionHearsWhenMusicPlaysAndStops(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let game = rig.session("org.example.Game")
        defer { game.close() }
        let music = rig.session("org.example.Music")
        defer { music.close() }
        try game.setCategory(.ambient)
        try await game.setActive(true)
        #expect(!game.secondaryAudioShouldBeSilencedHint)
        let hints = game.silenceSecondaryAudioHints

        try music.setCategory(.playback)
        try await music.setActive(true)
        let tone = try rig.tone("music", seconds: 60)
        let player = try rig.server.spawn(
            "paplay", ["--property=application.name=music-player", tone],
            extraEnvironment: ["PULSE_PROP": music.pulsePropEnvironmentValue])
        defer { player.kill() }

        #expect(try await nextEvent("the hint to silence the soundtrack", from: hints) == .begin)
        #expect(game.secondaryAudioShouldBeSilencedHint)
        // The session's own view of the server may see the stream a moment after the agent did.
        try await waitUntil("the game sees other audio playing") { game.isOtherAudioPlaying }

        player.kill()
        _ = await player.waitForExit()
        try await music.setActive(false)
        #expect(try await nextEvent("the hint to bring the soundtrack back", from: hints) == .end)
        #expect(!game.secondaryAudioShouldBeSilencedHint)
    }
}
