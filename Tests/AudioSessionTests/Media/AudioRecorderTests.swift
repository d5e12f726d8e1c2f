import AudioSession
import AudioSessionTesting
import Foundation
import Testing

/// The library's recorder on real servers: what it writes is what played.
@Suite(.serialized) struct AudioRecorderTests {
    static func rms(_ file: WAVFile) -> Double {
        let count = file.data.count / 2
        guard count > 0 else { return 0 }
        var sum = 0.0
        for index in 0..<count {
            let sample = Double(Int16(bitPattern: UInt16(file.data[2 * index]) | UInt16(file.data[2 * index + 1]) << 8))
            sum += sample * sample
        }
        return (sum / Double(count)).squareRoot() / 32768
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func recordsWhatPlaysToAWAVFile(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let session = rig.session("org.example.Memo")
        defer { session.close() }
        try session.setCategory(.record)
        try await session.setActive(true)
        let path = rig.directory + "/memo.wav"
        let format = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1)
        let recorder = AudioRecorder(url: URL(fileURLWithPath: path), format: format, device: "speaker.monitor", session: session)
        defer { recorder.close() }
        let buffers = recorder.buffers
        try await recorder.record()
        #expect(recorder.isRecording)
        let outputs = try await rig.server.tool("pactl", ["-f", "json", "list", "source-outputs"])
        #expect(outputs.contains("\"audiosession.category\":\"record\""))

        let player = try rig.server.spawn("paplay", [try rig.tone("source", seconds: 30)])
        defer { player.kill() }
        _ = try await nextEvent("recorded audio carrying the tone", from: buffers) { bytes in
            Self.rms(WAVFile(format: format, data: bytes)) > 0.1
        }
        let heard = recorder.currentTime
        try await waitUntil("another half second is recorded") { recorder.currentTime >= heard + .milliseconds(500) }
        await recorder.pause()
        #expect(!recorder.isRecording)
        let written = try recorder.stop()
        #expect(written.format == format)
        let file = try WAVFile(contentsOf: path)
        #expect(file == written)
        #expect(file.duration >= .milliseconds(500))
        #expect(Self.rms(WAVFile(format: format, data: Array(file.data.suffix(24_000)))) > 0.1, "the last quarter second carries the tone")
    }

    @Test func pausesForACallAndRecordsOnAfterIt() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let memo = rig.session("org.example.Memo")
        defer { memo.close() }
        let call = rig.session("org.example.Call")
        defer { call.close() }
        try memo.setCategory(.record)
        try await memo.setActive(true)
        let recorder = AudioRecorder(url: nil, format: PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1), session: memo)
        defer { recorder.close() }
        let events = recorder.events
        try await recorder.record()
        let index = try #require(recorder.streamIndex)
        try call.setCategory(.playAndRecord, mode: .voiceChat)
        try await call.setActive(true)
        #expect(try await nextEvent("paused by the call", from: events) == .pausedByInterruption)
        #expect(!recorder.isRecording)
        let outputs = try await rig.server.tool("pactl", ["-f", "json", "list", "source-outputs"])
        #expect(outputs.contains("\"index\":\(index)"))
        #expect(outputs.contains("\"corked\":true"))

        try await call.setActive(false, options: .notifyOthersOnDeactivation)
        #expect(try await nextEvent("recording on after the call", from: events) == .resumedAfterInterruption)
        #expect(recorder.isRecording)
        #expect(memo.isActive)
        let buffers = recorder.buffers
        _ = try await nextEvent("audio recorded again", from: buffers)
        let after = try await rig.server.tool("pactl", ["-f", "json", "list", "source-outputs"])
        #expect(after.contains("\"corked\":false"))
    }

    /// On PulseAudio only: pipewire-pulse does not load module-null-source, the rig's plugged microphone.
    @Test func pausesWhenItsMicrophoneIsUnplugged() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let microphone = try await rig.server.plug(.microphone)
        let session = rig.session("org.example.Memo")
        defer { session.close() }
        try session.setCategory(.record)
        try await session.setActive(true)
        let recorder = AudioRecorder(
            url: nil, format: PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1), device: "mic2", session: session)
        defer { recorder.close() }
        let events = recorder.events
        try await recorder.record()
        #expect(recorder.isRecording)

        try await rig.server.unplug(microphone)
        #expect(try await nextEvent("paused for the unplug", from: events) == .pausedForRouteChange)
        #expect(!recorder.isRecording)
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func deliversBuffersOfTheDocumentedSizeWithoutGaps(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let session = rig.session("org.example.Meter")
        defer { session.close() }
        try session.setCategory(.record)
        try await session.setActive(true)
        let format = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1)
        // Room for everything, so that a slow moment of the test's reader drops nothing.
        let recorder = AudioRecorder(url: nil, format: format, device: "speaker.monitor", bufferLimit: 10_000, session: session)
        defer { recorder.close() }
        #expect(recorder.framesPerBuffer == 960, "20 ms unless chosen")
        #expect(recorder.bufferDuration == .milliseconds(20))
        let player = try rig.server.spawn("paplay", [try rig.tone("source", seconds: 30)])
        defer { player.kill() }
        var buffers = recorder.buffers.makeAsyncIterator()
        try await recorder.record()

        var delivered: [[UInt8]] = []
        while delivered.count < 50, let buffer = await buffers.next() { delivered.append(buffer) }
        let recording = try recorder.stop()
        recorder.close()
        while let buffer = await buffers.next() { delivered.append(buffer) }

        #expect(delivered.allSatisfy { $0.count == 960 * 2 }, "every buffer is 960 frames of 2 bytes")
        let joined = delivered.flatMap { $0 }
        #expect(Array(recording.data.prefix(joined.count)) == joined, "the buffers are the recording, in order, without gaps")
        #expect(recording.data.count - joined.count < 960 * 2, "only the part of a buffer left at stop() is not delivered")
        #expect(Self.rms(WAVFile(format: format, data: Array(joined.suffix(960 * 2 * 10)))) > 0.1, "the buffers carry the tone")
        #expect(recorder.overflowCount == 0)
    }

    @Test func dropsTheOldestBuffersOfAConsumerThatFallsBehindAndCountsThem() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Encoder")
        defer { session.close() }
        try session.setCategory(.record)
        try await session.setActive(true)
        let format = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1)
        let recorder = AudioRecorder(
            url: nil, format: format, device: "speaker.monitor", framesPerBuffer: 240, bufferLimit: 4, session: session)
        defer { recorder.close() }
        #expect(recorder.bufferDuration == .milliseconds(5))
        let slow = recorder.buffers
        try await recorder.record()
        #expect(recorder.overflowCount == 0)

        // The consumer does not read while 40 buffers are recorded, ten times its room.
        try await waitUntil("200 ms are recorded") { recorder.currentTime >= .milliseconds(200) }
        // Counted as each buffer is handed out, just after it is recorded: all but the newest four.
        try await waitUntil("the consumer's overflow is counted") { recorder.overflowCount >= 40 - 4 }

        var unread = slow.makeAsyncIterator()
        var read = 0
        while read < 4, let buffer = await unread.next() {
            #expect(buffer.count == 240 * 2)
            read += 1
        }
        let recording = try recorder.stop()
        #expect(recording.data.count >= 40 * 240 * 2, "the recording keeps what the consumer missed")
    }
}
