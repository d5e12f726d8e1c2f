import AudioSessionTesting
import Foundation
import Testing

/// The VoIP example (`Examples/VoIPExample`, the VoIP tutorial's app), built, against the real
/// agent: what its user sees (its lines, its exit status) and what the server shows (its
/// streams, their cork and mute) through a whole call.
@Suite(.serialized) struct VoIPExampleTests {
    static let voip = "org.audiosession.examples.VoIP"

    @Test("the VoIP example rings, streams both ways, mutes, goes on the speaker, holds for a second call and hangs up",
          arguments: ExampleRig.Setup.withDebian13)
    func wholeCall(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        // A laptop's speaker (the rig's `speaker` sink carries no port type) for the ringtone and
        // the speaker button.
        _ = try await rig.server.plug(.secondSpeaker)
        let call = try rig.example("VoIPExample", ["--ring-seconds", "1"])
        defer { call.kill() }
        try await rig.waitForLine("ringing", from: call, agent: agent)
        #expect(!call.standardOutput.contains("ringing on the current route"), "\(call.standardOutput)")
        try await rig.waitForLine("answered", from: call, agent: agent)
        try await rig.waitForLine("call connected", from: call, agent: agent)
        let echo = call.standardOutput.split(separator: "\n").first { $0.hasPrefix("echo cancellation: ") } ?? ""
        #expect(echo != "echo cancellation: none" && !echo.isEmpty, "the call asked for echo cancellation: \(call.standardOutput)")
        try await Self.diagnosing(rig, agent: agent, call: call) {
            try await waitUntil("the far end plays on the server") { try await Self.farEnd(rig)?.isCorked == false }
        }
        try await waitUntil("the microphone is recorded on the server") { try await Self.microphone(rig) != nil }
        try await rig.waitForLine("near end: 50 buffers sent", from: call, agent: agent)

        call.signal(SIGUSR1)
        try await rig.waitForLine("microphone muted", from: call, agent: agent)
        try await waitUntil("the microphone's stream is muted on the server") { try await Self.microphone(rig)?.muted == true }
        call.signal(SIGUSR1)
        try await rig.waitForLine("microphone live", from: call, agent: agent)
        try await waitUntil("the microphone's stream is live again") { try await Self.microphone(rig)?.muted == false }

        call.signal(SIGUSR2)
        try await rig.waitForLine("speaker on", from: call, agent: agent)
        try await rig.waitForLine("route changed: override", from: call, agent: agent)
        call.signal(SIGUSR2)
        try await rig.waitForLine("speaker off", from: call, agent: agent)

        // A second call interrupts the first, which holds; when it hangs up the first resumes.
        let second = try rig.example("VoIPExample", ["--ring-seconds", "0", "--seconds", "3", "--application-id", "org.example.SecondCall"])
        defer { second.kill() }
        try await rig.waitForLine("call connected", from: second, agent: agent)
        try await rig.waitForLine("call on hold: interrupted (default)", from: call, agent: agent)
        try await waitUntil("the held call's far end is corked") { try await Self.farEnd(rig)?.isCorked == true }
        try await rig.waitForLine("call ended", from: second, agent: agent)
        #expect(await second.waitForExit() == 0, "\(second.standardError)")
        try await rig.waitForLine("call resumed", from: call, agent: agent)
        try await waitUntil("the far end plays again") { try await Self.farEnd(rig)?.isCorked == false }
        let sentBefore = Self.lines("near end: ", in: call)
        try await waitUntil("the near end streams out again", timeout: .seconds(15)) { Self.lines("near end: ", in: call) > sentBefore }

        call.signal(SIGINT)
        try await rig.waitForLine("call ended", from: call, agent: agent)
        #expect(await call.waitForExit() == 0, "\(call.standardError)")
        #expect(call.standardOutput.contains(" buffers sent in all"), "\(call.standardOutput)")
        try await waitUntil("the call's streams left the server") {
            let farEnd = try await Self.farEnd(rig)
            let microphone = try await Self.microphone(rig)
            return farEnd == nil && microphone == nil
        }
    }

    @Test("a legacy phone stream (paplay, media.role=phone) puts the VoIP call on hold until it ends",
          arguments: ExampleRig.Setup.thisMachine)
    func legacyPhoneStreamHoldsTheCall(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let call = try rig.example("VoIPExample", ["--ring-seconds", "0", "--seconds", "60"])
        defer { call.kill() }
        try await rig.waitForLine("call connected", from: call, agent: agent)

        let phone = try rig.server.spawn("paplay", ["--property=media.role=phone", try rig.tone("other-call", seconds: 3)])
        defer { phone.kill() }
        try await rig.waitForLine("call on hold: interrupted", from: call, agent: agent)
        try await waitUntil("the held call's far end is corked") { try await Self.farEnd(rig)?.isCorked == true }
        #expect(await phone.waitForExit() == 0, "\(phone.standardError)")
        try await rig.waitForLine("call resumed", from: call, agent: agent)
        try await waitUntil("the far end plays again") { try await Self.farEnd(rig)?.isCorked == false }
        call.terminate()
        #expect(await call.waitForExit() == 0, "\(call.standardError)")
    }

    /// Runs `body`; when it throws, the server's streams and the agent's log go into the test's issues.
    static func diagnosing(_ rig: ExampleRig, agent: ChildProcess, call: ChildProcess, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            Issue.record("the call printed:\n\(call.standardOutput)")
            Issue.record("the sink inputs:\n\((try? await rig.server.pactl("list", "sink-inputs")) ?? "none")")
            Issue.record("audiosessiond logged:\n\(agent.standardError.suffix(8000))")
            throw error
        }
    }

    /// The call's far-end stream (its sink input) as pactl lists it.
    static func farEnd(_ rig: ExampleRig) async throws -> PulseSinkInput? {
        try await rig.server.sinkInputs().first {
            $0.properties["application.id"] == voip && $0.properties["media.name"] == "Far end"
        }
    }

    /// The call's microphone stream (its source output): whether it is muted on the server.
    static func microphone(_ rig: ExampleRig) async throws -> (index: Int, muted: Bool)? {
        let json = try await rig.server.pactl("-f", "json", "list", "source-outputs")
        let outputs = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        let stream = outputs.first { ($0["properties"] as? [String: Any])?["application.id"] as? String == voip }
        guard let stream, let index = stream["index"] as? Int, let muted = stream["mute"] as? Bool else { return nil }
        return (index, muted)
    }

    /// How many lines starting with `prefix` `process` has printed.
    static func lines(_ prefix: String, in process: ChildProcess) -> Int {
        process.standardOutput.split(separator: "\n").count { $0.hasPrefix(prefix) }
    }
}
