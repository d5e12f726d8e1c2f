import AudioSession
import AudioSessionTesting
import Foundation
import Testing

/// The sound server restarts under a session that runs without the agent: the session itself
/// delivers media services lost, then reset once it reads the new server.
@Suite(.serialized) struct ServerRestartTests {
    @Test func pulseAudioRestartIsLostThenReset() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Player")
        defer { session.close() }
        try session.setCategory(.playback)
        try await session.setActive(true)
        #expect(session.currentRoute.outputs.map(\.uid) == ["speaker"])
        let losses = session.mediaServicesWereLost
        let resets = session.mediaServicesWereReset

        try Self.crashServer(rig)
        let loss = try await nextEvent("media services lost", from: losses)
        #expect(loss.cause == .soundServerRestarted)
        #expect(session.currentRoute == AudioSession.RouteDescription())

        let restarted = try Self.restartServer(rig)
        defer { restarted.kill() }

        let reset = try await nextEvent("media services reset", from: resets, timeout: .seconds(30))
        #expect(reset.cause == .soundServerRestarted)
        #expect(session.currentRoute.outputs.map(\.uid) == ["speaker"])
        #expect(session.isActive)
    }

    @Test func pulseAudioRestartUnderTheAgentEndsWithTheSessionActiveAgain() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        var agent = try await rig.startAgent()
        defer { agent.kill() }
        let session = try await Self.activePlayer(in: rig)
        defer { session.close() }
        let losses = session.mediaServicesWereLost
        let resets = session.mediaServicesWereReset

        try Self.crashServer(rig)
        // The agent announces the server's loss and, in this version, exits; either way one loss.
        _ = try await nextEvent("media services lost", from: losses)
        let restarted = try Self.restartServer(rig)
        defer { restarted.kill() }
        let agentSurvived = await agentAnswersAfterServerRestart(rig)
        if !agent.isRunning || !agentSurvived {
            agent.kill()
            agent = try await rig.startAgent()
        }
        _ = try await nextEvent("media services reset", from: resets, timeout: .seconds(30))
        let row = try await waitForValue("the agent lists the session active again", timeout: .seconds(30)) {
            try await rig.row(of: session).flatMap { $0.activity == "active" ? $0 : nil }
        }
        #expect(row.category == "playback")
        #expect(session.isActive)
    }

    @Test func pipeWireRestartUnderTheNativeAgentEndsWithTheSessionActiveAgain() async throws {
        let rig = try await LibraryRig.start(.pipewirePulse)
        defer { rig.stop() }
        let pipewire = try #require(rig.server as? PrivatePipeWire)
        let agent = try await rig.startAgent(backend: "pipewire")
        defer { agent.kill() }
        let session = try await Self.activePlayer(in: rig)
        defer { session.close() }
        let losses = session.mediaServicesWereLost
        let resets = session.mediaServicesWereReset

        // PipeWire, WirePlumber and pipewire-pulse all go away, and come back on the same sockets.
        try await pipewire.haltStack()
        _ = try await nextEvent("media services lost", from: losses)
        try await pipewire.resumeStack()
        _ = try await nextEvent("media services reset", from: resets, timeout: .seconds(30))
        #expect(agent.isRunning, "the native agent outlives PipeWire: \(agent.standardError)")
        let row = try await waitForValue("the agent lists the session active again", timeout: .seconds(30)) {
            try await rig.row(of: session).flatMap { $0.activity == "active" ? $0 : nil }
        }
        #expect(row.category == "playback")
        #expect(session.isActive)
        try await waitUntil("the session's route names the new server's speaker", timeout: .seconds(30)) {
            session.currentRoute.outputs.map(\.uid) == ["speaker"]
        }
        agent.terminate()
        #expect(await agent.waitForExit() == 0, "\(agent.standardError)")
    }

    /// A player's session, of category playback, active; the caller closes it.
    static func activePlayer(in rig: LibraryRig) async throws -> AudioSession {
        let session = rig.session("org.example.Player")
        do {
            try session.setCategory(.playback)
            try await session.setActive(true)
        } catch {
            session.close()
            throw error
        }
        return session
    }

    /// Whether a surviving agent still owns its name once the server is back (a later version
    /// of the agent survives the server's restart).
    private func agentAnswersAfterServerRestart(_ rig: LibraryRig) async -> Bool {
        (try? await waitUntil("the agent owns its name", timeout: .seconds(5)) { await rig.agentOwner() != nil }) != nil
    }

    /// Kills the harness's PulseAudio (the first PID it recorded) as a crash would.
    static func crashServer(_ rig: LibraryRig) throws {
        let pids = try String(contentsOfFile: rig.directory + "/pids", encoding: .utf8)
        let serverPID = try #require(pids.split(separator: "\n").first.flatMap { Int32($0) })
        kill(serverPID, SIGKILL)
    }

    /// Starts PulseAudio again on the same socket, configuration and directories; the caller kills it.
    static func restartServer(_ rig: LibraryRig) throws -> ChildProcess {
        var environment = rig.server.environment
        environment["PULSE_RUNTIME_PATH"] = rig.directory + "/runtime"
        environment["PULSE_STATE_PATH"] = rig.directory + "/state"
        environment["PATH"] = "/usr/bin:/bin"
        environment["PULSE_SERVER"] = nil
        return try ChildProcess(
            [
                "pulseaudio", "-n", "-F", rig.directory + "/server.pa", "--daemonize=no", "--system=no",
                "--exit-idle-time=-1", "--use-pid-file=no", "--realtime=no", "--high-priority=no", "--log-target=stderr",
            ],
            environment: environment, outputDirectory: rig.directory)
    }
}
