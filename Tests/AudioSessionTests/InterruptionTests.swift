import AudioSession
import AudioSessionTesting
import Testing

/// Two library sessions in one process (two apps) against the real agent: a call interrupts
/// music, music hears when it may resume, and cannot push the call aside meanwhile.
@Suite(.serialized) struct InterruptionTests {
    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func callInterruptsMusicWhichResumesAfterIt(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        let music = rig.session("org.example.Music")
        defer { music.close() }
        let call = rig.session("org.example.Call")
        defer { call.close() }
        await music.waitUntilReady()
        await call.waitUntilReady()
        #expect(music.isAgentConnected)
        #expect(call.isAgentConnected)

        try music.setCategory(.playback)
        let musicInterruptions = music.interruptions
        let secondConsumer = music.interruptions  // every consumer gets every event
        try await music.setActive(true)
        #expect(music.isActive)
        #expect(try await rig.row(of: music)?.activity == "active")

        try call.setCategory(.playAndRecord, mode: .voiceChat)
        try await call.setActive(true)

        let began = try await nextEvent("music's interruption began", from: musicInterruptions)
        #expect(began == .began(reason: .default))
        #expect(try await nextEvent("the second consumer's interruption", from: secondConsumer) == began)
        #expect(!music.isActive)
        #expect(try await rig.row(of: music)?.activity == "interrupted")

        // While the call is active, music cannot take the audio back; the error names the call.
        let refusal = await #expect(throws: AudioSessionError.self) { try await music.setActive(true) }
        #expect(refusal?.code == .insufficientPriority)
        let callID = try #require(call.agentSessionID)
        #expect(refusal?.holder == "session:\(callID)")
        #expect(refusal?.message.contains("session:\(callID)") == true)

        try await call.setActive(false, options: .notifyOthersOnDeactivation)
        let ended = try await nextEvent("music's interruption ended", from: musicInterruptions)
        #expect(ended.shouldResume)
        try await music.setActive(true)
        #expect(try await rig.row(of: music)?.activity == "active")
    }

    @Test func deactivationWithoutNotifyEndsTheInterruptionWithoutResume() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let music = rig.session("org.example.Music")
        defer { music.close() }
        let other = rig.session("org.example.Other")
        defer { other.close() }
        try music.setCategory(.playback)
        try other.setCategory(.playback)
        let interruptions = music.interruptions
        try await music.setActive(true)
        try await other.setActive(true)
        _ = try await nextEvent("music's interruption began", from: interruptions)
        try await other.setActive(false)
        let ended = try await nextEvent("music's interruption ended", from: interruptions)
        #expect(ended == .ended(options: []))
    }
}
