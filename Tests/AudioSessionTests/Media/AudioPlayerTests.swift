import AudioSession
import AudioSessionTesting
import Foundation
import Testing

/// The library's player on real servers, observed as a user would: the sink input with pactl,
/// the sound on the speaker's monitor, the player's events.
@Suite(.serialized) struct AudioPlayerTests {
    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func playsTaggedPausesResumesAndStops(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
        defer { speaker.stop() }
        let session = rig.session("org.example.Music")
        defer { session.close() }
        try session.setCategory(.playback)
        try await session.setActive(true)

        let player = try AudioPlayer(contentsOf: URL(fileURLWithPath: try rig.tone("song", seconds: 3)), session: session)
        defer { player.close() }
        #expect(player.duration == .seconds(3))
        #expect(player.format == PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 2))
        player.numberOfLoops = -1
        try await player.play()
        #expect(player.isPlaying)
        let index = try #require(player.streamIndex)
        let stream = try await waitForValue("the player's sink input") { try await rig.server.sinkInputs().first { $0.index == index } }
        #expect(stream.properties["media.role"] == "music")
        #expect(stream.properties["audiosession.category"] == "playback")
        #expect(stream.properties["application.id"] == "org.example.Music")
        #expect(stream.properties["media.name"] == "song.wav")
        try await waitUntil("the song is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }
        #expect(player.currentTime > .zero)

        await player.pause()
        #expect(!player.isPlaying)
        try await waitUntil("the sink input is corked") { try await rig.server.sinkInputs().first { $0.index == index }?.isCorked == true }
        try await waitUntil("the speaker is silent") { try await speaker.rms(over: .milliseconds(200)) < 0.001 }

        player.volume = 0.1
        try await player.play()
        try await waitUntil("the song is heard again, at the player's lower volume") {
            let level = try await speaker.rms(over: .milliseconds(200))
            return level > 0.01 && level < 0.1
        }

        player.stop()
        #expect(player.currentTime == .zero)
        try await waitUntil("the sink input is gone") { try await rig.server.sinkInputs().allSatisfy { $0.index != index } }
    }

    @Test func finishesAtTheEndOfItsLoops() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Blip")
        defer { session.close() }
        try session.setCategory(.playback)
        let player = try AudioPlayer(contentsOf: URL(fileURLWithPath: try rig.tone("blip", seconds: 0.3)), session: session)
        defer { player.close() }
        player.numberOfLoops = 1
        let events = player.events
        try await player.play()
        let finished = try await nextEvent("the player's finished event", from: events)
        #expect(finished == .finished(successfully: true))
        #expect(!player.isPlaying)
        #expect(player.streamIndex == nil)
        try await waitUntil("no sink input is left") { try await rig.server.sinkInputs().isEmpty }
    }

    @Test func aBadFileIsATypedErrorThatSaysWhatWasExpected() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Bad")
        defer { session.close() }
        let path = rig.directory + "/bad.wav"
        try Data("RIFX0000WAVE".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: AudioMediaError.self) { _ = try AudioPlayer(contentsOf: URL(fileURLWithPath: path), session: session) }
        #expect(error?.code == .file)
        #expect(error?.message.contains("expected \"RIFF\" at byte 0") == true)
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func pausesForACallAndResumesAfterIt(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
        defer { speaker.stop() }
        let music = rig.session("org.example.Music")
        defer { music.close() }
        let call = rig.session("org.example.Call")
        defer { call.close() }
        try music.setCategory(.playback)
        try await music.setActive(true)
        let player = try AudioPlayer(contentsOf: URL(fileURLWithPath: try rig.tone("song", seconds: 2)), session: music)
        defer { player.close() }
        player.numberOfLoops = -1
        let events = player.events
        try await player.play()
        let index = try #require(player.streamIndex)
        try await waitUntil("the song is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }

        try call.setCategory(.playAndRecord, mode: .voiceChat)
        try await call.setActive(true)
        #expect(try await nextEvent("paused by the call", from: events) == .pausedByInterruption)
        #expect(!player.isPlaying)
        try await waitUntil("the song's sink input is corked") {
            try await rig.server.sinkInputs().first { $0.index == index }?.isCorked == true
        }
        try await waitUntil("the speaker is silent") { try await speaker.rms(over: .milliseconds(200)) < 0.001 }

        try await call.setActive(false, options: .notifyOthersOnDeactivation)
        #expect(try await nextEvent("resumed after the call", from: events) == .resumedAfterInterruption)
        #expect(player.isPlaying)
        #expect(music.isActive)
        try await waitUntil("the song is heard again") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }
    }

    @Test func staysPausedAfterTheCallWhenTheAppOptsOut() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let music = rig.session("org.example.Music")
        defer { music.close() }
        let call = rig.session("org.example.Call")
        defer { call.close() }
        try music.setCategory(.playback)
        try await music.setActive(true)
        let player = try AudioPlayer(contentsOf: URL(fileURLWithPath: try rig.tone("song", seconds: 2)), session: music)
        defer { player.close() }
        player.numberOfLoops = -1
        player.resumesAfterInterruption = false
        let events = player.events
        let interruptions = music.interruptions
        try await player.play()
        try call.setCategory(.playAndRecord, mode: .voiceChat)
        try await call.setActive(true)
        #expect(try await nextEvent("paused by the call", from: events) == .pausedByInterruption)
        try await call.setActive(false, options: .notifyOthersOnDeactivation)
        _ = try await nextEvent("the interruption's end", from: interruptions) { $0.type == .ended }
        #expect(!player.isPlaying)
        let index = try #require(player.streamIndex)
        #expect(try await rig.server.sinkInputs().first { $0.index == index }?.isCorked == true)
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func pausesWhenItsHeadphonesAreUnplugged(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let headphones = try await rig.server.plug(.headphones)
        let session = rig.session("org.example.Music")
        defer { session.close() }
        try session.setCategory(.playback)
        try await session.setActive(true)
        _ = try await rig.server.pactl("set-default-sink", "headphones")
        let player = try AudioPlayer(contentsOf: URL(fileURLWithPath: try rig.tone("song", seconds: 2)), session: session)
        defer { player.close() }
        player.numberOfLoops = -1
        let events = player.events
        try await player.play()
        let index = try #require(player.streamIndex)
        let headphonesIndex = try #require(try await rig.server.sinkIndex(named: "headphones"))
        try await waitUntil("the song plays on the headphones") {
            try await rig.server.sinkInputs().first { $0.index == index }?.sink == headphonesIndex
        }

        try await rig.server.unplug(headphones)
        #expect(try await nextEvent("paused for the unplug", from: events) == .pausedForRouteChange)
        #expect(!player.isPlaying)
        try await waitUntil("the song's sink input is corked") {
            try await rig.server.sinkInputs().first { $0.index == index }?.isCorked == true
        }
    }

    @Test func obeysStockPulseAudiosCorkRequestsWithoutTheAgent() async throws {
        let rig = try await LibraryRig.start(.pulseStock)
        defer { rig.stop() }
        let session = rig.session("org.example.Music")
        defer { session.close() }
        try session.setCategory(.playback)
        try await session.setActive(true)
        let player = try AudioPlayer(contentsOf: URL(fileURLWithPath: try rig.tone("song", seconds: 2)), session: session)
        defer { player.close() }
        player.numberOfLoops = -1
        let events = player.events
        try await player.play()
        let index = try #require(player.streamIndex)

        let phone = try rig.server.spawn("paplay", ["--property=media.role=phone", try rig.tone("phone", seconds: 30)])
        defer { phone.kill() }
        #expect(try await nextEvent("paused for the phone stream", from: events) == .pausedByInterruption)
        try await waitUntil("the song's sink input is corked") {
            try await rig.server.sinkInputs().first { $0.index == index }?.isCorked == true
        }
        phone.kill()
        #expect(try await nextEvent("resumed once the phone stream is gone", from: events) == .resumedAfterInterruption)
        try await waitUntil("the song's sink input plays again") {
            try await rig.server.sinkInputs().first { $0.index == index }?.isCorked == false
        }
    }

    @Test func playsOnAfterTheSoundServerRestarts() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Music")
        defer { session.close() }
        try session.setCategory(.playback)
        try await session.setActive(true)
        let player = try AudioPlayer(contentsOf: URL(fileURLWithPath: try rig.tone("song", seconds: 2)), session: session)
        defer { player.close() }
        player.numberOfLoops = -1
        let events = player.events
        try await player.play()
        try await waitUntil("the song has played a while") { player.currentTime > .milliseconds(500) }

        try ServerRestartTests.crashServer(rig)
        let stopped = try await nextEvent("stopped by the lost server", from: events)
        guard case .stoppedByServer = stopped else { Issue.record("expected stoppedByServer, got \(stopped)"); return }
        #expect(!player.isPlaying)
        #expect(player.currentTime > .zero, "the player keeps its place")

        let restarted = try ServerRestartTests.restartServer(rig)
        defer { restarted.kill() }
        #expect(try await nextEvent("played on after the reset", from: events, timeout: .seconds(40)) == .resumedAfterMediaServicesReset)
        #expect(player.isPlaying)
        let stream = try await waitForValue("the song's stream on the new server") {
            try await rig.server.sinkInputs().first { $0.properties["application.id"] == "org.example.Music" }
        }
        #expect(!stream.isCorked)
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
        defer { speaker.stop() }
        try await waitUntil("the song is heard on the new server") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }
    }
}
