import AudioSessionTesting
import Foundation
import Testing

/// libaudiosession's input mute (`Tests/Clients/c-input-mute.c`) against the real agent: a parec
/// recording as the C session's stream (its token and client nonce) is muted on the server while
/// the C program has the input muted, live once it unmutes, muted again, and live once the program
/// frees its session.
@Suite(.serialized) struct CLibraryInputMuteTests {
    @Test("audiosession_set_input_muted and _is_input_muted against the agent", arguments: ExampleRig.Setup.thisMachine)
    func inputMuteThroughTheCLibrary(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let library = try await CLibraryBuild.build(in: rig.directory)
        let program = try await library.compile("Tests/Clients/c-input-mute.c", to: "c-input-mute")
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        let memo = try rig.program([program], extraEnvironment: library.runtimeEnvironment)
        defer { memo.kill() }
        try await memo.waitForLine("muted=1", timeout: .seconds(30), "the C program muted its input")
        #expect(memo.standardOutput.contains("before=0\n"), "\(memo.standardOutput)")
        let lines = memo.standardOutput.split(separator: "\n")
        let token = try #require(lines.first { $0.hasPrefix("token=") }?.dropFirst("token=".count))
        let nonce = try #require(lines.first { $0.hasPrefix("nonce=") }?.dropFirst("nonce=".count))
        let recorder = try rig.server.spawn(
            "parec",
            [
                "-d", "mic", "--property=media.name=memo-in", "--property=audiosession.token=\(token)",
                "--property=audiosession.client-nonce=\(nonce)", "--file-format=wav", rig.directory + "/memo.wav",
            ])
        defer { recorder.kill() }
        try await Self.waitForMute(rig, true, "while the C program has its input muted")

        memo.signal(SIGUSR1)
        try await memo.waitForLine("unmuted=1 result=0", "the C program unmuted its input")
        try await Self.waitForMute(rig, false, "once the C program unmuted")
        memo.signal(SIGUSR1)
        try await memo.waitForLine("muted-again=1 result=0", "the C program muted its input again")
        try await Self.waitForMute(rig, true, "once muted again")
        memo.signal(SIGUSR1)
        #expect(await memo.waitForExit() == 0, "\(memo.standardOutput)\n\(memo.standardError)")
        try await Self.waitForMute(rig, false, "once the C program freed its session")
        agent.terminate()
        #expect(await agent.waitForExit() == 0, "\(agent.standardError)")
    }

    static func waitForMute(_ rig: ExampleRig, _ muted: Bool, _ why: String) async throws {
        try await waitUntil("the recording \(muted ? "muted" : "unmuted") \(why)", timeout: .seconds(15)) {
            let json = try await rig.server.pactl("-f", "json", "list", "source-outputs")
            let outputs = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
            let memo = outputs.first { ($0["properties"] as? [String: Any])?["media.name"] as? String == "memo-in" }
            return memo?["mute"] as? Bool == muted
        }
    }
}
