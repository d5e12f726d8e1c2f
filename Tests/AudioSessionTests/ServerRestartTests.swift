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

        // The harness's PulseAudio is the first PID it recorded; end it as a crash would.
        let pids = try String(contentsOfFile: rig.directory + "/pids", encoding: .utf8)
        let serverPID = try #require(pids.split(separator: "\n").first.flatMap { Int32($0) })
        kill(serverPID, SIGKILL)
        let loss = try await nextEvent("media services lost", from: losses)
        #expect(loss.cause == .soundServerRestarted)
        #expect(session.currentRoute == RouteDescription())

        // Start it again on the same socket, configuration and directories.
        var environment = rig.server.environment
        environment["PULSE_RUNTIME_PATH"] = rig.directory + "/runtime"
        environment["PULSE_STATE_PATH"] = rig.directory + "/state"
        environment["PATH"] = "/usr/bin:/bin"
        environment["PULSE_SERVER"] = nil
        let restarted = try ChildProcess(
            [
                "pulseaudio", "-n", "-F", rig.directory + "/server.pa", "--daemonize=no", "--system=no",
                "--exit-idle-time=-1", "--use-pid-file=no", "--realtime=no", "--high-priority=no", "--log-target=stderr",
            ],
            environment: environment, outputDirectory: rig.directory)
        defer { restarted.kill() }

        let reset = try await nextEvent("media services reset", from: resets, timeout: .seconds(30))
        #expect(reset.cause == .soundServerRestarted)
        #expect(session.currentRoute.outputs.map(\.uid) == ["speaker"])
        #expect(session.isActive)
    }
}
