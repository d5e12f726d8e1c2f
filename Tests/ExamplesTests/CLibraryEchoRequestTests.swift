import AudioSessionTesting
import Foundation
import Testing

/// libaudiosession's echo-cancellation choice (`Tests/Clients/c-echo-request.c`) against the real
/// agent: a default-mode play-and-record session that asks for echo-cancelled input gets the
/// agent's canceller on the server while active, and none after; a playback session is refused.
@Suite(.serialized) struct CLibraryEchoRequestTests {
    @Test(
        "audiosession_is_echo_cancelled_input_available and _set_prefers_echo_cancelled_input against the agent",
        arguments: ExampleRig.Setup.withDebian13)
    func echoRequestThroughTheCLibrary(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let library = try await CLibraryBuild.build(in: rig.directory)
        let program = try await library.compile("Tests/Clients/c-echo-request.c", to: "c-echo-request")
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        let check = try rig.program([program], extraEnvironment: library.runtimeEnvironment)
        defer { check.kill() }
        try await check.waitForLine("active", "the C program's session is active")
        #expect(check.standardOutput.contains("available=1"), "\(check.standardOutput)")
        try await waitUntil("the agent's echo canceller is on the server", timeout: .seconds(30)) {
            try await Self.cancellerSources(on: rig.server) > 0
        }
        check.signal(SIGUSR1)
        let status = await check.waitForExit()
        #expect(status == 0, "\(check.standardOutput)\n\(check.standardError)")
        // The agent's message says why: the category does not record.
        let refusal = check.standardOutput.split(separator: "\n").first { $0.hasPrefix("playback: ") }.map(String.init) ?? ""
        #expect(refusal.hasPrefix("playback: the configuration breaks a validity rule: "), "\(check.standardOutput)")
        #expect(refusal.dropFirst("playback: ".count).contains("category playback"), "\(refusal)")
        try await waitUntil("the canceller is gone after the session", timeout: .seconds(30)) {
            try await Self.cancellerSources(on: rig.server) == 0
        }
        agent.terminate()
        #expect(await agent.waitForExit() == 0, "\(agent.standardError)")
    }

    /// The agent's canceller sources the server lists (module-echo-cancel's on PulseAudio, a
    /// canceller process's through pipewire-pulse).
    static func cancellerSources(on server: any PulseProtocolServer) async throws -> Int {
        try await server.pactl("list", "short", "sources").split(separator: "\n").filter { line in
            line.split(separator: "\t").dropFirst().first.map { $0.hasPrefix("audiosession.echo-cancel.") && !$0.hasSuffix(".monitor") } ?? false
        }.count
    }
}
