import AudioSessionTesting
import Foundation
import Testing

/// The example apps, built as binaries, against the real agent on a private bus and real servers:
/// what a user would hear and see (the monitor, pactl, the apps' own lines).
@Suite(.serialized) struct ExamplesTests {
    static let music = "org.audiosession.examples.MusicPlayer"
    static let game = "org.audiosession.examples.Game"

    // PulseAudio only for now: on pipewire-pulse the player's resume after the call timed out in
    // one CI run of three (not understood yet; issue 5 stays open for it).
    @Test("the music player pauses for a call and resumes after it", arguments: ExampleRig.Setup.withDebian13)
    func musicPausesForACall(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
        defer { speaker.stop() }

        let player = try rig.example("MusicPlayerExample", [try rig.tone("song", seconds: 2), "--loops=-1"])
        defer { player.kill() }
        try await rig.waitForLine("playing song.wav", from: player, agent: agent)
        try await waitUntil("the song is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }

        // Long enough for pactl to see the pause on a loaded machine before the call hangs up.
        let call = try rig.example("CallExample", ["--seconds", "8"])
        defer { call.kill() }
        try await rig.waitForLine("call started", from: call, agent: agent)
        try await rig.waitForLine("paused: interrupted", from: player, agent: agent)
        try await waitUntil("the song's stream is corked") { try await rig.stream(of: Self.music)?.isCorked == true }

        try await rig.waitForLine("call ended", from: call, agent: agent)
        #expect(await call.waitForExit() == 0, "\(call.standardError)")
        try await rig.waitForLine("resumed: the interruption ended", from: player, agent: agent)
        try await waitUntil("the song's stream plays again") { try await rig.stream(of: Self.music)?.isCorked == false }
        try await waitUntil("the song is heard again") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }
    }

    @Test("playerctl play-pause pauses the music player over MPRIS and plays it again")
    func playerctlPausesTheMusicPlayer() async throws {
        let rig = try await ExampleRig.start(.pulseaudio)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let player = try rig.example("MusicPlayerExample", [try rig.tone("song", seconds: 2), "--loops=-1"])
        defer { player.kill() }
        try await rig.waitForLine("remote control: org.mpris.MediaPlayer2.musicplayer", from: player, agent: agent)
        try await rig.waitForLine("playing song.wav", from: player, agent: agent)
        #expect(try await playerctl(rig, "metadata", "title") == "song.wav")
        #expect(try await playerctl(rig, "status") == "Playing")

        #expect(try await playerctl(rig, "play-pause") == "")
        try await rig.waitForLine("paused: remote command", from: player, agent: agent)
        try await waitUntil("the song's stream is corked") { try await rig.stream(of: Self.music)?.isCorked == true }
        #expect(try await playerctl(rig, "status") == "Paused")

        #expect(try await playerctl(rig, "play-pause") == "")
        try await rig.waitForLine("playing: remote command", from: player, agent: agent)
        try await waitUntil("the song's stream plays again") { try await rig.stream(of: Self.music)?.isCorked == false }
        #expect(try await playerctl(rig, "status") == "Playing")
    }

    /// `playerctl --player=musicplayer ARGUMENTS` on the rig's bus: its output, trimmed.
    private func playerctl(_ rig: ExampleRig, _ arguments: String...) async throws -> String {
        try await rig.bus.tool("playerctl", ["--player=musicplayer"] + arguments).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("the navigation prompter ducks the player to the policy level while it speaks", arguments: ExampleRig.Setup.withDebian13)
    func prompterDucksThePlayer(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let player = try rig.example("MusicPlayerExample", [try rig.tone("song", seconds: 2), "--loops=-1"])
        defer { player.kill() }
        try await rig.waitForLine("playing song.wav", from: player, agent: agent)
        try await waitUntil("the song plays at 100 %") { try await rig.stream(of: Self.music)?.volumePercents == [100, 100] }

        // The shipped policy ducks to 0.3 in amplitude: ∛0.3 on pactl's cubic scale, 67 %.
        let ducked = Int((pow(0.3, 1.0 / 3.0) * 100).rounded())
        let prompter = try rig.example("NavigationPrompterExample", ["--prompts", "1", "--chime-seconds", "2"])
        defer { prompter.kill() }
        try await rig.waitForLine("prompt 1: speaking", from: prompter, agent: agent)
        try await waitUntil("the song is ducked to \(ducked) %") {
            try await rig.stream(of: Self.music)?.volumePercents == [ducked, ducked]
        }
        try await rig.waitForLine("prompt 1: done, others notified", from: prompter, agent: agent)
        try await waitUntil("the song is back at 100 %") { try await rig.stream(of: Self.music)?.volumePercents == [100, 100] }
        #expect(await prompter.waitForExit() == 0, "\(prompter.standardError)")
        #expect(!player.standardOutput.contains("paused"), "a prompt ducks, it never pauses the music")
    }

    @Test("the game silences its soundtrack while the player plays and brings it back after", arguments: ExampleRig.Setup.withDebian13)
    func gameFollowsTheSecondaryAudioHint(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let game = try rig.example("GameExample", ["--seconds", "120"])
        defer { game.kill() }
        try await rig.waitForLine("soundtrack playing", from: game, agent: agent)
        try await waitUntil("the soundtrack plays") { try await rig.stream(of: Self.game)?.isCorked == false }

        let player = try rig.example("MusicPlayerExample", [try rig.tone("song", seconds: 3)])
        defer { player.kill() }
        try await rig.waitForLine("playing song.wav", from: player, agent: agent)
        try await rig.waitForLine("soundtrack silenced: secondary audio hint", from: game, agent: agent)
        try await waitUntil("the soundtrack's stream is corked") { try await rig.stream(of: Self.game)?.isCorked == true }

        try await rig.waitForLine("session inactive", from: player, agent: agent)
        #expect(await player.waitForExit() == 0, "\(player.standardError)")
        try await rig.waitForLine("soundtrack back: the hint ended", from: game, agent: agent)
        try await waitUntil("the soundtrack plays again") { try await rig.stream(of: Self.game)?.isCorked == false }
    }

    @Test("control: without the agent the prompt ducks nothing")
    func prompterWithoutTheAgent() async throws {
        let rig = try await ExampleRig.start(.pulseaudio)
        defer { rig.stop() }
        let player = try rig.example("MusicPlayerExample", [try rig.tone("song", seconds: 2), "--loops=-1"])
        defer { player.kill() }
        try await rig.waitForLine("playing song.wav", from: player)
        let prompter = try rig.example("NavigationPrompterExample", ["--prompts", "1", "--chime-seconds", "1"])
        defer { prompter.kill() }
        try await rig.waitForLine("prompt 1: speaking", from: prompter)
        var volumes: Set<[Int]> = []
        while prompter.isRunning {
            if let stream = try await rig.stream(of: Self.music) { volumes.insert(stream.volumePercents) }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(await prompter.waitForExit() == 0, "\(prompter.standardError)")
        #expect(prompter.standardOutput.contains("prompt 1: done, others notified"))
        #expect(volumes == [[100, 100]], "nothing lowers the music without the agent")
    }

    @Test("the music player pauses when its headphones are unplugged", arguments: ExampleRig.Setup.withDebian13)
    func musicPausesOnUnplug(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let headphones = try await rig.server.plug(.headphones)
        _ = try await rig.server.pactl("set-default-sink", "headphones")
        let headphonesIndex = try #require(try await rig.server.sinkIndex(named: "headphones"))
        let player = try rig.example("MusicPlayerExample", [try rig.tone("song", seconds: 2), "--loops=-1"])
        defer { player.kill() }
        try await rig.waitForLine("playing song.wav", from: player, agent: agent)
        try await waitUntil("the song plays on the headphones") { try await rig.stream(of: Self.music)?.sink == headphonesIndex }

        try await rig.server.unplug(headphones)
        try await rig.waitForLine("paused: the output device went away", from: player, agent: agent)
        try await waitUntil("the song's stream is corked") { try await rig.stream(of: Self.music)?.isCorked == true }
        #expect(player.isRunning, "the player stays, paused, until the user plays again")
    }
}
