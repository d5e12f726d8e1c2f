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

    @Test func pausesForACall() async throws {
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
    }
}
