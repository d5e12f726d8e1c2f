import AudioSessionTesting
import Foundation
import Testing

/// libaudiosession's session preferences (`Tests/Clients/c-session-preference.c`) against the real
/// agent: a C playback session that set `interruption-on-route-disconnect` is interrupted with
/// `route-disconnected` when the headphones it plays to are pulled (besides the route change), and
/// the interruption ends without should-resume when they are plugged in again; a name the library
/// does not know is refused with a message listing the known ones.
@Suite(.serialized) struct CLibrarySessionPreferenceTests {
    @Test("audiosession_set_session_preference and _get_session_preference against the agent", arguments: ExampleRig.Setup.thisMachine)
    func routeDisconnectPreferenceThroughTheCLibrary(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let library = try await CLibraryBuild.build(in: rig.directory)
        let program = try await library.compile("Tests/Clients/c-session-preference.c", to: "c-session-preference")
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let headphones = try await rig.server.plug(.headphones)
        try await waitUntil("the headphones are the default sink (last-in wins)") {
            try await rig.server.pactl("get-default-sink").trimmingCharacters(in: .whitespacesAndNewlines) == headphones.device.name
        }

        let music = try rig.program([program], extraEnvironment: library.runtimeEnvironment)
        defer { music.kill() }
        try await music.waitForLine("active", timeout: .seconds(30), "the C program's session is active")
        #expect(music.standardOutput.contains("before=0\n"), "\(music.standardOutput)")
        #expect(music.standardOutput.contains("after=1\n"), "\(music.standardOutput)")
        let refusal = music.standardOutput.split(separator: "\n").first { $0.hasPrefix("unknown: ") }.map(String.init) ?? ""
        #expect(refusal.contains("unknown session preference \"interrupt-me-always\""), "\(refusal)")
        #expect(refusal.contains("interruption-on-route-disconnect"), "the message lists the known names: \(refusal)")

        try await rig.server.unplug(headphones)
        try await music.waitForLine("began route-disconnected", "the session is interrupted as its route's device goes")
        try await music.waitForLine("route old-device-unavailable", "the route change comes too")
        _ = try await rig.server.plug(.headphones)
        // The program ends as soon as the interruption does.
        #expect(await music.waitForExit() == 0, "\(music.standardOutput)\n\(music.standardError)")
        #expect(music.standardOutput.contains("ended resume=0\n"), "no should-resume: \(music.standardOutput)")
        agent.terminate()
        #expect(await agent.waitForExit() == 0, "\(agent.standardError)")
    }
}
