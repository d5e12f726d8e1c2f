import AudioSessionTesting
import Foundation
import Testing

/// The examples outside Swift (Examples/c over libaudiosession, Examples/python over Gio) against
/// the real agent: a VoIP call is interrupted by a legacy phone stream, resumes when it ends, and
/// hangs up with notify-others; a game on a GLib main loop follows the secondary-audio hint; and
/// libaudiosession's error paths without a bus or an agent.
@Suite(.serialized) struct ForeignLanguageExamplesTests {
    /// The lines a VoIP example prints, in this order, through one interruption.
    static let interruptedCall = [
        "call active", "interrupted: default", "interruption ended: should-resume=yes",
        "resumed: the call is active again", "call ended: deactivated, others notified",
    ]

    @Test("the C VoIP example is interrupted by a legacy phone stream and resumes after it", arguments: ExampleRig.Setup.thisMachine)
    func cCallIsInterruptedAndResumes(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let library = try await CLibraryBuild.build(in: rig.directory)
        let program = try await library.compile("Examples/c/voip-call.c", to: "voip-call")
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        let call = try rig.program([program, "--seconds", "90"], extraEnvironment: library.runtimeEnvironment)
        defer { call.kill() }
        try await Self.expectInterruptedCall(call, on: rig, agent: agent)
        // The private server's microphone (null source "mic"), listed by the agent and preferred.
        #expect(call.standardOutput.contains("available inputs: mic ("), "\(call.standardOutput)")
        #expect(call.standardOutput.contains("preferred input: mic\n"), "\(call.standardOutput)")
    }

    @Test("the C VoIP example registers again after the agent restarts: same token, still active, interrupted as before; under valgrind, no leak or memory error")
    func cCallSurvivesAnAgentRestart() async throws {
        let rig = try await ExampleRig.start(.pulseaudio)
        defer { rig.stop() }
        let library = try await CLibraryBuild.build(in: rig.directory)
        let program = try await library.compile("Examples/c/voip-call.c", to: "voip-call")
        // valgrind exits 99 on a leak or a memory error anywhere on the way (registration, events,
        // routes, the re-registration, the end), which the exit status checked after the call catches.
        let valgrind = ["valgrind", "--quiet", "--leak-check=full", "--errors-for-leak-kinds=definite,indirect,possible", "--error-exitcode=99"]
        try await Self.expectCallSurvivesAnAgentRestart(
            valgrind + [program, "--seconds", "90"], environment: library.runtimeEnvironment, on: rig)
    }

    @Test("the Python VoIP example registers again after the agent restarts, as docs/dbus-api.md tells every language to")
    func pythonCallSurvivesAnAgentRestart() async throws {
        let rig = try await ExampleRig.start(.pulseaudio)
        defer { rig.stop() }
        try await Self.expectCallSurvivesAnAgentRestart(
            ["/usr/bin/python3", ExampleRig.packageRoot + "/Examples/python/voip-call.py", "--seconds", "90"], environment: [:], on: rig)
    }

    @Test("the C game on a GLib main loop silences its soundtrack while a legacy music stream plays (the secondary-audio hint)", arguments: ExampleRig.Setup.thisMachine)
    func cGameFollowsTheHintOnAGLibMainLoop(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let library = try await CLibraryBuild.build(in: rig.directory)
        let program = try await library.compile("Examples/c/glib-game.c", to: "glib-game", packages: ["glib-2.0"])
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        let game = try rig.program([program, "--seconds", "90"], extraEnvironment: library.runtimeEnvironment)
        defer { game.kill() }
        try await rig.waitForLine("soundtrack playing", from: game, agent: agent)
        // An app without a session playing music: primary audio, so the ambient game is hinted.
        let music = try rig.server.spawn("paplay", ["--property=media.role=music", try rig.tone("song", seconds: 30)])
        defer { music.kill() }
        try await rig.waitForLine("soundtrack silenced: secondary audio hint", from: game, agent: agent)
        music.kill()
        try await rig.waitForLine("soundtrack back: the hint ended", from: game, agent: agent)
        #expect(await game.waitForExit() == 0, "\(game.standardOutput)\n\(game.standardError)")
    }

    @Test("the Python VoIP example (Gio) is interrupted by a legacy phone stream and resumes after it", arguments: ExampleRig.Setup.thisMachine)
    func pythonCallIsInterruptedAndResumes(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        // Debian's python3 with python3-gi: the PATH one may be another installation without it.
        let call = try rig.program(["/usr/bin/python3", ExampleRig.packageRoot + "/Examples/python/voip-call.py", "--seconds", "90"])
        defer { call.kill() }
        try await Self.expectInterruptedCall(call, on: rig, agent: agent)
        #expect(call.standardOutput.contains("available inputs: mic ("), "\(call.standardOutput)")
        #expect(call.standardOutput.contains("preferred input: mic\n"), "\(call.standardOutput)")
    }

    @Test("libaudiosession's error paths: no bus, and no agent running or installed (make check, under valgrind)")
    func cLibraryErrorPaths() async throws {
        let scratch = NSTemporaryDirectory() + "libaudiosession-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let result = try await CLibraryBuild.make(into: scratch, target: "check", variables: ["VALGRIND=valgrind"])
        #expect(result.succeeded, "make check failed:\n\(result.standardOutput)\n\(result.standardError)")
        // What an app without the agent is told, word for word as the check program printed it.
        #expect(result.standardOutput.contains("ok: connect without the agent fails with AUDIOSESSION_ERROR_AGENT_NOT_RUNNING"))
        #expect(result.standardOutput.contains(
            "audiosessiond is not running and no D-Bus service file starts it (is the audiosession agent installed?): "
                + "The name org.audiosession.Agent was not provided by any .service files (org.freedesktop.DBus.Error.ServiceUnknown)"))
        #expect(result.standardOutput.contains("ok: connect without a bus fails with AUDIOSESSION_ERROR_NO_BUS"))
        #expect(result.standardOutput.contains("no-bus: 0 failure(s)"))
        #expect(result.standardOutput.contains("no-agent: 0 failure(s)"))
    }

    /// The call becomes active; its agent is killed and another started: the call reports media
    /// services lost and reset with the token it had, the new agent lists it configured and active,
    /// and it is interrupted and resumes as with the first agent.
    static func expectCallSurvivesAnAgentRestart(_ command: [String], environment: [String: String], on rig: ExampleRig) async throws {
        let crashed = try await rig.startAgent()
        defer { crashed.kill() }
        let call = try rig.program(command, extraEnvironment: environment)
        defer { call.kill() }
        try await rig.waitForLine("call active", from: call, agent: crashed)
        crashed.kill()
        _ = await crashed.waitForExit()
        try await rig.waitForLine("media services lost: agent", from: call)
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let token = try #require(call.standardOutput.firstMatch(of: /audiosession.token=([0-9a-f]{32})/)?.1)
        try await rig.waitForLine("media services reset: agent (token \(token))", from: call, agent: agent)
        let sessions = try await rig.bus.run(
            "busctl", ["--user", "call", "org.audiosession.Agent", "/org/audiosession/Agent", "org.audiosession.Agent1", "ListSessions"],
            extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address])
        #expect(sessions.standardOutput.contains("\"play-and-record\" \"voice-chat\" 1 \"allow-bluetooth-hfp\" \"active\""), "\(sessions.standardOutput)")
        try await expectInterruptedCall(call, on: rig, agent: agent)
        #expect(!call.standardOutput.contains("could not"), "\(call.standardOutput)")
    }

    /// Once the call is active, a legacy phone stream (paplay with media.role=phone, no session)
    /// interrupts it; when the stream ends, the call hears should-resume, activates again and hangs up.
    static func expectInterruptedCall(_ call: ChildProcess, on rig: ExampleRig, agent: ChildProcess) async throws {
        try await rig.waitForLine("call active", from: call, agent: agent)
        let phone = try rig.server.spawn("paplay", ["--property=media.role=phone", try rig.tone("phone", seconds: 30)])
        defer { phone.kill() }
        try await rig.waitForLine("interrupted: default", from: call, agent: agent)
        phone.kill()
        try await rig.waitForLine("call ended", from: call, agent: agent)
        #expect(await call.waitForExit() == 0, "\(call.standardOutput)\n\(call.standardError)")
        let lines = call.standardOutput.split(separator: "\n").map(String.init)
        let positions = interruptedCall.map { step in lines.firstIndex { $0.hasPrefix(step) } }
        #expect(positions.allSatisfy { $0 != nil } && positions == positions.sorted { ($0 ?? 0) < ($1 ?? 0) },
                "the call printed:\n\(call.standardOutput)")
    }
}
