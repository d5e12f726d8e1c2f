import AudioSession
import Foundation
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

extension DegradedModeTests {
    @Test("after an agent crash the session keeps its stream token, so its already-open prompt ducks the music again")
    func agentRestartBringsTheEffectBack() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let first = try await rig.startAgent()
        defer { first.kill() }
        let session = rig.session("org.example.Maps")
        defer { session.close() }
        try session.setCategory(.playback, mode: .voicePrompt, options: [.mixWithOthers, .duckOthers])
        try await session.setActive(true)
        let token = try #require(session.streamProperties["audiosession.token"])

        let music = try ToneFile.sine(frequency: 440, seconds: 60, amplitude: 0.5, in: rig.server.directory, name: "music.wav")
        // Another app's music: started through a shell that exits at once, so it is not this test
        // process's child (which would tie it to the session by process ancestry).
        let pidFile = rig.server.directory + "/music.pid"
        _ = try await rig.server.tool(
            "sh", ["-c", #"paplay --property=media.role=music --property=media.name=music "$1" >/dev/null 2>&1 & echo $! > "$2""#,
                   "music-app", music, pidFile])
        defer {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                kill(pid, SIGKILL)
            }
        }
        let prompt = try ToneFile.sine(frequency: 660, seconds: 60, amplitude: 0.5, in: rig.server.directory, name: "prompt.wav")
        let prompter = try rig.server.spawn(
            "paplay", ["--property=media.name=prompt", "--property=application.name=prompter", prompt],
            extraEnvironment: ["PULSE_PROP": session.pulsePropEnvironmentValue])
        defer { prompter.kill() }
        func musicPercent() async throws -> [Int]? { try await rig.server.sinkInput(where: "media.name", is: "music")?.volumePercents }
        try await waitUntil("the prompt ducks the music to 67 %", timeout: .seconds(20)) { try await musicPercent() == [67, 67] }

        let resets = session.mediaServicesWereReset
        first.kill()  // a crash: the next agent undoes what this one did, then the session comes back
        _ = await first.waitForExit()
        let second = try await rig.startAgent()
        defer { second.kill() }
        _ = try await nextEvent("media services reset", from: resets)
        #expect(session.streamProperties["audiosession.token"] == token, "the new agent kept the session's token")
        let newID = try #require(session.agentSessionID)
        let tied = try await waitForValue("the new agent lists the prompt", timeout: .seconds(20)) {
            try await rig.streamSessions().first { $0.application == "prompter" }
        }
        #expect(tied.session == newID, "the prompt's old token names the re-registered session")
        try await waitUntil("the prompt ducks the music again", timeout: .seconds(20)) { try await musicPercent() == [67, 67] }
    }
}
