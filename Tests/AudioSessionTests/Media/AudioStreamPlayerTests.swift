import AudioSession
import AudioSessionTesting
import Foundation
import Testing

/// The streaming player on real servers: what the speaker's monitor hears of the enqueued audio,
/// the sink input pactl shows, the player's events and counts.
@Suite(.serialized) struct AudioStreamPlayerTests {
    static let format = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 2)

    /// `seconds` of the rig's 440 Hz tone cut into 20 ms buffers, as a network or decoder hands them over.
    static func tonePieces(_ rig: LibraryRig, seconds: Double) throws -> [[UInt8]] {
        let tone = try WAVFile(contentsOf: try rig.tone("tone-\(seconds)", seconds: seconds))
        let piece = 960 * format.bytesPerFrame
        return stride(from: 0, to: tone.data.count, by: piece).map { Array(tone.data[$0..<min($0 + piece, tone.data.count)]) }
    }

    static func sequence(of pieces: [[UInt8]]) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            for piece in pieces { continuation.yield(piece) }
            continuation.finish()
        }
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func playsATonePieceByPieceAndFinishesAtTheEnd(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
        defer { speaker.stop() }
        let session = rig.session("org.example.Podcast")
        defer { session.close() }
        try session.setCategory(.playback)
        try await session.setActive(true)

        let player = try AudioStreamPlayer(format: Self.format, name: "Episode 12", session: session)
        defer { player.close() }
        #expect(player.capacity == .milliseconds(500))
        #expect(player.latency == .milliseconds(100))
        let events = player.events
        let pieces = try Self.tonePieces(rig, seconds: 2)
        async let fed: Void = player.play(Self.sequence(of: pieces))
        try await waitUntil("the player's stream is open") { player.streamIndex != nil }
        let index = try #require(player.streamIndex)
        let stream = try await waitForValue("the player's sink input") { try await rig.server.sinkInputs().first { $0.index == index } }
        #expect(stream.properties["media.name"] == "Episode 12")
        #expect(stream.properties["media.role"] == "music")
        #expect(stream.properties["application.id"] == "org.example.Podcast")
        try await waitUntil("the tone is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }
        #expect(player.isPlaying)

        try await fed
        #expect(try await nextEvent("the player's finished event", from: events) == .finished(successfully: true))
        #expect(!player.isPlaying)
        #expect(player.streamIndex == nil)
        #expect(player.queuedDuration == .zero)
        try await waitUntil("no sink input is left") { try await rig.server.sinkInputs().isEmpty }
        try await waitUntil("the speaker is silent") { try await speaker.rms(over: .milliseconds(200)) < 0.001 }

        // Stopped by its end, the player takes new audio.
        try await player.enqueue(pieces[0])
        #expect(player.queuedDuration == .milliseconds(20))
    }

    @Test func badBuffersAndLateOnesAreTypedErrorsThatSayWhatWasExpected() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Bad")
        defer { session.close() }
        let player = try AudioStreamPlayer(format: Self.format, session: session)
        defer { player.close() }

        let ragged = await #expect(throws: AudioMediaError.self) { try await player.enqueue([UInt8](repeating: 0, count: 1_023)) }
        #expect(ragged?.code == .format)
        #expect(ragged?.message == "expected whole frames of 4 bytes (int16, 2 channel(s), 48000 Hz), found 1023 bytes: 255 frames and 3 bytes")
        #expect(player.queuedDuration == .zero)

        try await player.enqueue([UInt8](repeating: 0, count: 4_000))
        player.markEndOfStream()
        let late = await #expect(throws: AudioMediaError.self) { try await player.enqueue([UInt8](repeating: 0, count: 4)) }
        #expect(late?.code == .ended)
        player.stop()
        #expect(player.queuedDuration == .zero, "stop drops the queue")
        try await player.enqueue([UInt8](repeating: 0, count: 4))

        let noRate = #expect(throws: AudioMediaError.self) {
            _ = try AudioStreamPlayer(format: PCMFormat(encoding: .int16, sampleRate: 0, channels: 2), session: session)
        }
        #expect(noRate?.code == .format)
    }

    @Test func aFullQueueMakesEnqueueWaitUntilPlaybackTakesFromIt() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Podcast")
        defer { session.close() }
        try session.setCategory(.playback)
        let player = try AudioStreamPlayer(format: Self.format, capacity: .milliseconds(100), session: session)
        defer { player.close() }
        let pieces = try Self.tonePieces(rig, seconds: 0.2)
        for piece in pieces.prefix(5) { try await player.enqueue(piece) }
        #expect(player.queuedDuration == .milliseconds(100))

        // Not playing: the sixth buffer waits; cancelled, it is not queued.
        let waiting = Task { try await player.enqueue(pieces[5]) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(player.queuedDuration == .milliseconds(100))

        try await player.play()
        for piece in pieces.dropFirst(5) { try await player.enqueue(piece) }
        player.markEndOfStream()
        try await waitUntil("the queue has played") { player.queuedDuration == .zero }
    }

    @Test func countsOneUnderrunPerGapAndPlaysSilenceThroughIt() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
        defer { speaker.stop() }
        let session = rig.session("org.example.Call")
        defer { session.close() }
        try session.setCategory(.playback)
        try await session.setActive(true)
        let player = try AudioStreamPlayer(format: Self.format, session: session)
        defer { player.close() }
        let burst = try Self.tonePieces(rig, seconds: 0.4).flatMap { $0 }

        try await player.play()
        let index = try #require(player.streamIndex)
        try await waitUntil("the silence before the first buffer is heard") { try await speaker.rms(over: .milliseconds(100)) < 0.001 }
        #expect(player.underrunCount == 0, "silence before the first buffer is no underrun")

        for expected in 1...2 {
            try await player.enqueue(burst)
            try await waitUntil("burst \(expected) is heard") { try await speaker.rms(over: .milliseconds(100)) > 0.1 }
            try await waitUntil("the gap after burst \(expected) is heard") { try await speaker.rms(over: .milliseconds(100)) < 0.001 }
            #expect(player.underrunCount == expected)
            #expect(player.isPlaying, "the gap does not end the stream")
            let stream = try await rig.server.sinkInputs().first { $0.index == index }
            #expect(stream?.isCorked == false)
        }
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func pausesForACallAndResumesAfterIt(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
        defer { speaker.stop() }
        let music = rig.session("org.example.Radio")
        defer { music.close() }
        let call = rig.session("org.example.Call")
        defer { call.close() }
        try music.setCategory(.playback)
        try await music.setActive(true)
        let player = try AudioStreamPlayer(format: Self.format, session: music)
        defer { player.close() }
        let events = player.events
        // A live radio: more audio than the test runs for, enqueued as fast as the queue takes it.
        let radio = Self.sequence(of: Array(repeating: try Self.tonePieces(rig, seconds: 1), count: 60).flatMap { $0 })
        let feeding = Task { try await player.play(radio) }
        defer { feeding.cancel() }
        try await waitUntil("the radio is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }
        let index = try #require(player.streamIndex)

        try call.setCategory(.playAndRecord, mode: .voiceChat)
        try await call.setActive(true)
        #expect(try await nextEvent("paused by the call", from: events) == .pausedByInterruption)
        #expect(!player.isPlaying)
        try await waitUntil("the radio's sink input is corked") {
            try await rig.server.sinkInputs().first { $0.index == index }?.isCorked == true
        }
        try await waitUntil("the speaker is silent") { try await speaker.rms(over: .milliseconds(200)) < 0.001 }
        // Full but for less than one 20 ms piece (the server may have taken part of the first),
        // while the feeder waits for room.
        #expect(player.queuedDuration > .milliseconds(480), "the paused queue keeps its audio")

        try await call.setActive(false, options: .notifyOthersOnDeactivation)
        #expect(try await nextEvent("resumed after the call", from: events) == .resumedAfterInterruption)
        #expect(player.isPlaying)
        try await waitUntil("the radio is heard again") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }
        #expect(try await rig.server.sinkInputs().first { $0.index == index }?.isCorked == false)
    }

    @Test func pausesWhenItsHeadphonesAreUnplugged() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let headphones = try await rig.server.plug(.headphones)
        let session = rig.session("org.example.Radio")
        defer { session.close() }
        try session.setCategory(.playback)
        try await session.setActive(true)
        _ = try await rig.server.pactl("set-default-sink", "headphones")
        let player = try AudioStreamPlayer(format: Self.format, session: session)
        defer { player.close() }
        let events = player.events
        try await player.play()
        try await player.enqueue(try Self.tonePieces(rig, seconds: 0.4).flatMap { $0 })
        let index = try #require(player.streamIndex)
        let headphonesIndex = try #require(try await rig.server.sinkIndex(named: "headphones"))
        try await waitUntil("the radio plays on the headphones") {
            try await rig.server.sinkInputs().first { $0.index == index }?.sink == headphonesIndex
        }

        try await rig.server.unplug(headphones)
        #expect(try await nextEvent("paused for the unplug", from: events) == .pausedForRouteChange)
        #expect(!player.isPlaying)
        try await waitUntil("the radio's sink input is corked") {
            try await rig.server.sinkInputs().first { $0.index == index }?.isCorked == true
        }
    }
}
