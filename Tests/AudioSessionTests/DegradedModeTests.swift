import AudioSession
import AudioSessionTesting
import Testing

/// The session without the agent, when the agent appears later, and across an agent crash.
@Suite(.serialized) struct DegradedModeTests {
    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func withoutAgentActivatesLocallyAndRegistersWhenTheAgentAppears(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let session = rig.session("org.example.Player")
        defer { session.close() }
        await session.waitUntilReady()
        #expect(!session.isAgentConnected)

        try session.setCategory(.playback)
        try await session.setActive(true)
        #expect(session.isActive)
        // The route comes from the server itself: its default output, the test server's speaker.
        let output = try #require(session.currentRoute.outputs.first)
        #expect(output.uid == "speaker")
        #expect(session.currentRoute.inputs.isEmpty)  // playback records nothing
        #expect(session.availableInputs.contains { $0.uid == "mic" })
        #expect(session.streamProperties["audiosession.token"] == nil)

        let agent = try await rig.startAgent()
        defer { agent.kill() }
        try await waitUntil("the session registered with the new agent", timeout: .seconds(20)) {
            session.isAgentConnected
        }
        let row = try await waitForValue("the agent lists the session as active", timeout: .seconds(20)) {
            try await rig.row(of: session).flatMap { $0.activity == "active" ? $0 : nil }
        }
        #expect(row.applicationID == "org.example.Player")
        #expect(row.category == "playback")
        #expect(session.streamProperties["audiosession.token"] != nil)
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func agentKilledAndRestartedLosesThenResetsAndTheSessionIsBack(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let first = try await rig.startAgent()
        defer { first.kill() }
        let session = rig.session("org.example.Player")
        defer { session.close() }
        try session.setCategory(.playback, mode: .spokenAudio)
        try await session.setActive(true)
        #expect(session.isAgentConnected)
        #expect(try await rig.row(of: session)?.activity == "active")

        let losses = session.mediaServicesWereLost
        let resets = session.mediaServicesWereReset
        first.kill()  // SIGKILL by PID: a crash, no goodbye
        _ = await first.waitForExit()
        let loss = try await nextEvent("media services lost", from: losses)
        #expect(loss.cause == .agentRestarted)
        #expect(!session.isAgentConnected)
        #expect(session.isActive)  // the app's audio plays on without the agent

        let second = try await rig.startAgent()
        defer { second.kill() }
        let reset = try await nextEvent("media services reset", from: resets)
        #expect(reset.cause == .agentRestarted)
        // Delivered after the session re-asserted itself: registered, configured and active again.
        let row = try #require(try await rig.row(of: session))
        #expect(row.activity == "active")
        #expect(row.category == "playback")
        #expect(row.applicationID == "org.example.Player")
        #expect(try await rig.sessions().count == 1)
    }
}
