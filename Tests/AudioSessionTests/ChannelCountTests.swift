import AudioSession
import AudioSessionTesting
import Foundation
import Testing

/// Channel counts on a real PulseAudio: the maximum counts are the route's devices' (as pactl
/// shows them), the preferred counts shape the library's own players' and recorders' streams on
/// the server (a mono player's stream carries two channels, a stereo recorder's one) while their
/// PCM keeps the app's format, and ``AudioSession/inputAvailabilityChanges`` follows the last
/// input going and a new one coming.
@Suite(.serialized) struct ChannelCountTests {
    /// The channel count pactl shows for the object of `kind` (`sinks`, `sink-inputs`,
    /// `source-outputs`) whose `key` (`name`, or a property) is `value`.
    static func channels(_ kind: String, _ key: String, _ value: String, _ rig: LibraryRig) async throws -> Int? {
        let json = try await rig.server.pactl("-f", "json", "list", kind)
        let objects = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        let object = objects.first { object in
            (object[key] as? String ?? (object["properties"] as? [String: Any])?[key] as? String) == value
        }
        guard let spec = object?["sample_specification"] as? String else { return nil }
        // "s16le 2ch 48000Hz"
        return spec.split(separator: " ").first { $0.hasSuffix("ch") }.flatMap { Int($0.dropLast(2)) }
    }

    @Test func theMaximumsAreTheRouteDevicesAndTheChoiceShapesThePlayersStream() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Voice")
        defer { session.close() }
        try session.setCategory(.playAndRecord)
        await session.waitUntilReady()
        let speaker = try #require(try await Self.channels("sinks", "name", "speaker", rig))
        let mic = try #require(try await Self.channels("sources", "name", "mic", rig))
        #expect(session.maximumOutputNumberOfChannels == speaker)
        #expect(session.maximumInputNumberOfChannels == mic)
        #expect(session.preferredOutputNumberOfChannels == 0)
        #expect(throws: AudioSessionError.self) { try session.setPreferredOutputNumberOfChannels(speaker + 1) }

        let mono = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1)
        let tone = [UInt8](repeating: 0, count: 48_000 * 2 * 30)
        let control = try AudioPlayer(pcm: tone, format: mono, name: "control", session: session)
        defer { control.close() }
        try await control.play()
        try await waitUntil("without a preference the player's stream is mono") {
            try await Self.channels("sink-inputs", "media.name", "control", rig) == 1
        }

        try session.setPreferredOutputNumberOfChannels(2)
        #expect(session.preferredOutputNumberOfChannels == 2)
        let player = try AudioPlayer(pcm: tone, format: mono, name: "voice", session: session)
        defer { player.close() }
        try await player.play()
        try await waitUntil("the player's stream carries the preferred two channels") {
            try await Self.channels("sink-inputs", "media.name", "voice", rig) == 2
        }
        let streaming = try AudioStreamPlayer(format: mono, name: "far-end", session: session)
        defer { streaming.close() }
        try await streaming.play()
        try await streaming.enqueue([UInt8](repeating: 0, count: 48_000 * 2))
        try await waitUntil("the streaming player's stream carries two channels too") {
            try await Self.channels("sink-inputs", "media.name", "far-end", rig) == 2
        }
    }

    @Test func theRecordersStreamTakesThePreferredCountAndItsBuffersKeepTheFormat() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Memo")
        defer { session.close() }
        try session.setCategory(.record)
        await session.waitUntilReady()
        try session.setPreferredInputNumberOfChannels(1)
        let stereo = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 2)
        let recorder = AudioRecorder(url: nil, format: stereo, device: "speaker.monitor", session: session)
        defer { recorder.close() }
        let buffers = recorder.buffers
        try await recorder.record()
        try await waitUntil("the recorder's stream on the server is mono") {
            try await Self.channels("source-outputs", "media.name", "AudioRecorder", rig) == 1
        }
        let player = try rig.server.spawn("paplay", [try rig.tone("tone", seconds: 30)])
        defer { player.kill() }
        let buffer = try await nextEvent("a buffer carrying the tone", from: buffers) { bytes in
            bytes.count == 960 * 4 && bytes.withUnsafeBytes { raw in
                (0..<960).contains { raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int16.self) != 0 }
            }
        }
        // Stereo frames of the mono stream: left and right carry the same sample.
        let frames = buffer.withUnsafeBytes { raw in
            (0..<960).map { (raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int16.self), raw.loadUnaligned(fromByteOffset: $0 * 4 + 2, as: Int16.self)) }
        }
        #expect(frames.allSatisfy { $0.0 == $0.1 })
    }

    @Test func inputAvailabilityChangesWhenTheLastInputGoesAndOneComes() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Recorder")
        defer { session.close() }
        await session.waitUntilReady()
        #expect(session.isInputAvailable)
        let changes = session.inputAvailabilityChanges
        let json = try await rig.server.pactl("-f", "json", "list", "sources")
        let sources = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        let module = try #require(sources.first { $0["name"] as? String == "mic" }?["owner_module"] as? Int)
        _ = try await rig.server.pactl("unload-module", String(module))
        #expect(try await nextEvent("no input any more", from: changes) == false)
        #expect(!session.isInputAvailable)
        _ = try await rig.server.plug(.microphone)
        #expect(try await nextEvent("an input again", from: changes) == true)
        #expect(session.isInputAvailable)
    }
}
