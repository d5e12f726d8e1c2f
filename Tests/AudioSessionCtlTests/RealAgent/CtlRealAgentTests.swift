import AudioSessionTesting
import Foundation
import Testing

/// audiosessionctl against the real `audiosessiond` on a private PulseAudio and bus, with real
/// clients (paplay, pactl).
@Suite("audiosessionctl with the real agent", .serialized)
struct CtlRealAgentTests {
    @Test("run -- paplay: its stream carries the token and joins the session; status lists both; exit is paplay's")
    func runTagsTheStream() async throws {
        let rig = try await RealAgentRig.start()
        defer { rig.stop() }
        let tone = try ToneFile.sine(frequency: 440, seconds: 3, in: rig.directory)
        let run = try rig.run(["--category", "playback", "--app-id", "org.example.Music", "--", "paplay", tone])
        defer { run.kill() }

        let input = try await waitForValue("paplay's sink input carries audiosession.token") {
            try await rig.pulse.sinkInputs().first { $0.properties["audiosession.token"]?.isEmpty == false }
        }
        try await waitUntil("status --json lists the active session and its stream") {
            let status = try await rig.status()
            guard let session = status.sessions.first(where: { $0["application_id"] as? String == "org.example.Music" }),
                let id = session["session"] as? String
            else { return false }
            return session["category"] as? String == "playback" && session["activity"] as? String == "active"
                && status.streams.contains { $0["session"] as? String == id && ($0["stream"] as? String)?.contains("\(input.index)") == true }
        }
        #expect(await run.waitForExit() == 0, "\(run.standardError)")
        try await waitUntil("the session is gone once run has exited") { try await rig.status().sessions.isEmpty }

        let failing = try await CtlBinary.run(["run", "--", "paplay", rig.directory + "/no-such.wav"], environment: rig.environment)
        #expect(failing.status == 1, "paplay's own status: \(failing.standardError)")
    }

    @Test("a second non-mixable run interrupts the first: monitor --json, run's stderr and explain show it")
    func interruption() async throws {
        let rig = try await RealAgentRig.start()
        defer { rig.stop() }
        let monitor = try CtlBinary.spawn(["monitor", "--json"], environment: rig.environment, in: rig.directory)
        defer { monitor.kill() }
        let long = try ToneFile.sine(frequency: 440, seconds: 30, in: rig.directory)

        let first = try rig.run(["--category", "playback", "--app-id", "org.example.First", "--", "paplay", long])
        defer { first.kill() }
        let firstSession = try await waitForValue("the first session is active with its stream") { () -> String? in
            let status = try await rig.status()
            guard let session = status.sessions.first(where: { $0["application_id"] as? String == "org.example.First" }),
                session["activity"] as? String == "active", let id = session["session"] as? String,
                status.streams.contains(where: { $0["session"] as? String == id })
            else { return nil }
            return id
        }
        // monitor subscribed before the first run at the latest by now: it has seen that activation.
        try await waitUntil("monitor printed the first activation") {
            monitor.standardOutput.contains(#""event":"session-state","session":"\#(firstSession)","activity":"active""#)
        }

        let second = try rig.run(["--category", "playback", "--", "paplay", long])
        defer { second.kill() }
        try await waitUntil("monitor prints the first session's interruption") {
            monitor.standardOutput.contains(#""event":"session-state","session":"\#(firstSession)","activity":"interrupted""#)
        }
        // The stream's change comes from the server after the session's: wait for it too.
        try await waitUntil("monitor prints the silenced stream's state") {
            monitor.standardOutput.contains(#""event":"stream-state""#)
        }
        try await waitUntil("the first run reports its interruption on stderr") {
            first.standardError.contains("interruption-began session=\(firstSession)")
        }

        let status = try await rig.status()
        let interrupted = try #require(status.sessions.first { $0["session"] as? String == firstSession })
        #expect(interrupted["activity"] as? String == "interrupted")
        let interrupter = try #require(status.sessions.first { $0["session"] as? String != firstSession }?["session"] as? String)
        #expect(interrupted["interrupted_by"] as? [String] == ["session:\(interrupter)"], "\(interrupted)")
        let stream = try #require(status.streams.first { $0["session"] as? String == firstSession }?["stream"] as? String)
        let explained = try await CtlBinary.run(["explain", stream], environment: rig.environment)
        #expect(explained.status == 0, "\(explained.standardError)")
        #expect(explained.standardOutput.contains(": silenced, "), "\(explained.standardOutput)")
        #expect(explained.standardOutput.contains("silenced: interrupted by session \(interrupter) (rank 50)"), "\(explained.standardOutput)")
        #expect(!explained.standardOutput.contains("AudioPolicy."), "no type names: \(explained.standardOutput)")

        // Ending the second run (SIGTERM, forwarded to paplay) deactivates it with notify-others.
        second.terminate()
        #expect(await second.waitForExit() == 0, "\(second.standardError)")
        try await waitUntil("the first run is told it may resume") {
            first.standardError.contains("interruption-ended session=\(firstSession) should_resume=true")
        }
        // run forwards SIGTERM; paplay catches it and quits with 0, and run exits with that status
        // after ending its session (a run killed by the signal itself would leave 143).
        first.terminate()
        #expect(await first.waitForExit() == 0, "\(first.standardError)")
        try await waitUntil("the first session ended") {
            try await !rig.status().sessions.contains { $0["session"] as? String == firstSession }
        }
        monitor.signal(SIGTERM)
        #expect(await monitor.waitForExit() == 0)
    }

    @Test("run --prefer interruption-on-route-disconnect: pulling the headphones interrupts the run's session until they are back")
    func preferInterruptionOnRouteDisconnect() async throws {
        let rig = try await RealAgentRig.start()
        defer { rig.stop() }
        let long = try ToneFile.sine(frequency: 440, seconds: 30, in: rig.directory)
        let headphones = try await rig.pulse.plug(.headphones)
        let run = try rig.run(["--category", "playback", "--prefer", "interruption-on-route-disconnect", "--app-id", "org.example.Music", "--", "paplay", long])
        defer { run.kill() }
        let plain = try rig.run(["--category", "playback", "--option", "mix-with-others", "--", "paplay", long])
        defer { plain.kill() }
        try await waitUntil("both sessions are active") {
            try await rig.status().sessions.filter { $0["activity"] as? String == "active" }.count == 2
        }

        try await rig.pulse.unplug(headphones)
        try await waitUntil("the run that asked reports the interruption") {
            run.standardError.contains("interruption-began") && run.standardError.contains("reason=route-disconnected")
        }
        try await waitUntil("the plain run reports the route change") { plain.standardError.contains("reason=old-device-unavailable") }
        #expect(!plain.standardError.contains("interruption-began"), "a session that did not ask is not interrupted: \(plain.standardError)")
        _ = try await rig.pulse.plug(.headphones)
        try await waitUntil("the interruption ends, without should-resume") {
            run.standardError.contains("interruption-ended") && run.standardError.contains("should_resume=false")
        }

        let unknown = try await CtlBinary.run(["run", "--prefer", "loud", "--", "true"], environment: rig.environment)
        #expect(unknown.status == 64, "\(unknown.standardError)")
        #expect(unknown.standardError.contains("interruption-on-route-disconnect"), "lists the accepted names: \(unknown.standardError)")
    }

    @Test("a refused activation names the holder, exits 75 and does not run CMD")
    func refusedActivation() async throws {
        let rig = try await RealAgentRig.start()
        defer { rig.stop() }
        let long = try ToneFile.sine(frequency: 440, seconds: 30, in: rig.directory)
        let call = try rig.run(["--category", "play-and-record", "--mode", "voice-chat", "--app-id", "org.example.Phone", "--", "paplay", long])
        defer { call.kill() }
        let callSession = try await waitForValue("the call session is active") { () -> String? in
            try await rig.status().sessions.first {
                $0["application_id"] as? String == "org.example.Phone" && $0["activity"] as? String == "active"
            }?["session"] as? String
        }
        let marker = rig.directory + "/ran"
        let refused = try await CtlBinary.run(["run", "--category", "playback", "--", "touch", marker], environment: rig.environment)
        #expect(refused.status == 75, "\(refused.standardError)")
        #expect(refused.standardError.contains("activation refused:"))
        #expect(refused.standardError.contains("session:\(callSession) of rank"), "names the holder: \(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: marker))
        call.terminate()
        #expect(await call.waitForExit() == 0, "paplay quits with 0 on the forwarded SIGTERM: \(call.standardError)")
    }
}
