import AudioSession
import AudioSessionTesting
import Foundation
import Testing

/// The app's input mute through the real agent on a real server: the library's own recorder
/// records silence while the session's input is muted (its capture stream muted on the server) and
/// the tone again once unmuted, with each change on ``AudioSession/inputMuteChanges``; a restarted
/// agent mutes the re-registered session again; without an agent nothing can mute, and it says so.
@Suite(.serialized) struct InputMuteTests {
    static let format = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1)

    /// Whether the server shows the session's capture stream (the one carrying its category) muted.
    static func isCaptureMuted(_ rig: LibraryRig) async throws -> Bool? {
        let json = try await rig.server.pactl("-f", "json", "list", "source-outputs")
        let outputs = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        let ours = outputs.first { ($0["properties"] as? [String: Any])?["audiosession.category"] != nil }
        return ours?["mute"] as? Bool
    }

    /// Recorded audio that carries the tone (`true`) or is silence (`false`).
    static func nextAudio(_ carriesTone: Bool, from recorder: AudioRecorder) async throws {
        _ = try await nextEvent(carriesTone ? "recorded audio carrying the tone" : "recorded silence", from: recorder.buffers) { bytes in
            let rms = AudioRecorderTests.rms(WAVFile(format: format, data: bytes))
            return carriesTone ? rms > 0.1 : rms < 0.001
        }
    }

    @Test("a muted session records silence, the tone again once unmuted, and each change is announced",
          arguments: [("pulse", SoundSetup.pulseMinimal), ("pipewire", .pipewirePulse)])
    func mutedInputRecordsSilence(backend: String, setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent(backend: backend)
        defer { agent.kill() }
        let session = rig.session("org.example.Call")
        defer { session.close() }
        try session.setCategory(.playAndRecord, mode: .default)
        await session.waitUntilReady()
        try await session.setActive(true)
        let recorder = AudioRecorder(url: nil, format: Self.format, device: "speaker.monitor", session: session)
        defer { recorder.close() }
        try await recorder.record()
        let player = try rig.server.spawn("paplay", [try rig.tone("source", seconds: 60)])
        defer { player.kill() }
        try await Self.nextAudio(true, from: recorder)
        #expect(!session.isInputMuted)

        var changes = session.inputMuteChanges
        try await session.setInputMuted(true)
        #expect(session.isInputMuted)
        #expect(try await nextEvent("the mute's change", from: changes) == true)
        try await waitUntil("the server shows the recorder's stream muted") { try await Self.isCaptureMuted(rig) == true }
        try await Self.nextAudio(false, from: recorder)
        #expect(recorder.isRecording, "the app keeps recording, as on iOS")

        changes = session.inputMuteChanges
        try await session.setInputMuted(false)
        #expect(!session.isInputMuted)
        #expect(try await nextEvent("the unmute's change", from: changes) == false)
        try await Self.nextAudio(true, from: recorder)
        #expect(try await Self.isCaptureMuted(rig) == false)
    }

    @Test func aRestartedAgentMutesTheReRegisteredSessionAgain() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let first = try await rig.startAgent()
        defer { first.kill() }
        let session = rig.session("org.example.Call")
        defer { session.close() }
        try session.setCategory(.record)
        await session.waitUntilReady()
        try await session.setActive(true)
        let recorder = AudioRecorder(url: nil, format: Self.format, device: "speaker.monitor", session: session)
        defer { recorder.close() }
        try await recorder.record()
        try await session.setInputMuted(true)
        try await waitUntil("the first agent mutes the recorder's stream") { try await Self.isCaptureMuted(rig) == true }

        let resets = session.mediaServicesWereReset
        await rig.stopAgent(first)
        #expect(try await Self.isCaptureMuted(rig) == false, "a stopped agent leaves nothing muted")
        let second = try await rig.startAgent()
        defer { second.kill() }
        _ = try await nextEvent("media services reset", from: resets)
        try await waitUntil("the new agent mutes the re-registered session's stream") { try await Self.isCaptureMuted(rig) == true }
        #expect(session.isInputMuted)
    }

    @Test func withoutAnAgentNothingMutesAndTheErrorSaysSo() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Call")
        defer { session.close() }
        await session.waitUntilReady()
        let error = await #expect(throws: AudioSessionError.self) { try await session.setInputMuted(true) }
        #expect(error?.code == .agentUnavailable)
        #expect(error?.message.contains("no audiosessiond runs") == true, "\(String(describing: error))")
        #expect(!session.isInputMuted)
    }

    @Test func theUserMutingTheMicrophoneInterruptsTheRecordingSession() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let session = rig.session("org.example.Memo")
        defer { session.close() }
        try session.setCategory(.record)
        await session.waitUntilReady()
        try await session.setActive(true)
        let recorder = AudioRecorder(url: nil, format: Self.format, device: "mic", session: session)
        defer { recorder.close() }
        try await recorder.record()

        var interruptions = session.interruptions
        _ = try await rig.server.pactl("set-source-mute", "mic", "1")
        let began = try await nextEvent("the interruption", from: interruptions)
        #expect(began == .began(reason: .builtInMicMuted))
        #expect(!session.isActive)

        interruptions = session.interruptions
        _ = try await rig.server.pactl("set-source-mute", "mic", "0")
        let ended = try await nextEvent("the interruption's end", from: interruptions)
        #expect(ended.shouldResume, "\(ended)")
    }
}
