import AudioSession
import AudioSessionTesting
import Testing

/// `streamProperties` on a real client's stream: the agent ties the stream to the session by
/// its token, not by process (paplay is another process than the test).
@Suite(.serialized) struct StreamTaggingTests {
    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func pulsePropTiesAPaplayStreamToTheSession(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let session = rig.session("org.example.Podcast")
        defer { session.close() }
        try session.setCategory(.playback, mode: .spokenAudio)
        try await session.setActive(true)
        let id = try #require(session.agentSessionID)

        let tone = try rig.tone("podcast", seconds: 30)
        let player = try rig.server.spawn(
            "paplay", ["--property=application.name=tagged-player", tone],
            extraEnvironment: ["PULSE_PROP": session.pulsePropEnvironmentValue])
        defer { player.kill() }

        let tied = try await waitForValue("the agent lists the tagged stream", timeout: .seconds(20)) {
            try await rig.streamSessions().first { $0.application == "tagged-player" }
        }
        #expect(tied.session == id)
        // The session's route is now the device its stream plays on.
        try await waitUntil("the route shows the stream's device") {
            session.currentRoute.outputs.map(\.uid) == ["speaker"]
        }
        let stream = try #require(try await rig.server.sinkInput(where: "application.name", is: "tagged-player"))
        #expect(stream.properties["media.role"] == "music" || stream.properties["media.role"] == "Music")
        #expect(stream.properties["audiosession.mode"] == "spoken-audio")
    }
}
