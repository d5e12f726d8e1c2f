import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// Firefox sets its stream's `media.name` to the playing tab's title at every title change (a
    /// chat page, a clock). A title decides nothing: a browser stream that a call silenced and
    /// that paused stays silenced and paused through the churn, with no signal about it.
    @Suite("title churn")
    struct TitleChurn {
        @Test(
            "a silenced, paused browser stream whose title changes 20 times is not touched: no unmute, no signal",
            arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
        func titleChurnDuringACall(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let monitor = try rig.spawnCtl(["monitor"])
            defer { monitor.kill() }

            let browser = try await TitleChurnClient.start(
                "Chat - Firefox",
                properties: ["application.name": "Firefox", "application.process.binary": "firefox-esr"], in: rig)
            defer { browser.process.kill() }
            let call = try rig.play("call", try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav"), role: "phone")
            defer { call.kill() }
            try await waitUntil("the call silences the browser", timeout: .seconds(20)) {
                try await rig.stream(named: "Chat - Firefox")?.isMuted == true
            }
            // The browser pauses, as it does when asked over MPRIS, and stays paused longer than the
            // engine takes to count a stopped stream as paused (`pauseSettleMilliseconds`, 1 s).
            try await browser.cork()
            try await Task.sleep(for: .seconds(2))
            try await waitUntil("the monitor printed the call's effects", timeout: .seconds(20)) {
                monitor.standardOutput.contains("stream-state")
            }
            let before = monitor.standardOutput.count

            try await browser.churn(total: 20)
            // A stream that appears after the renames is handled after them (one connection, in
            // order): once its silence is signalled, the agent has seen every rename.
            let marker = try rig.play("marker", try rig.tone("marker", seconds: 60), role: "music")
            defer { marker.kill() }
            try await waitUntil("the call silences the marker", timeout: .seconds(20)) {
                try await rig.stream(named: "marker")?.isMuted == true
            }
            let markerID = try await streamID(named: "marker", in: rig)
            try await waitUntil("the monitor printed the marker's silence", timeout: .seconds(20)) {
                String(monitor.standardOutput.dropFirst(before)).contains("stream=\(markerID)")
            }

            let during = String(monitor.standardOutput.dropFirst(before)).split(separator: "\n")
                .filter { $0.hasPrefix("stream-state") }
            #expect(during.allSatisfy { $0.contains("stream=\(markerID)") }, "signals during the churn: \(during)")
            let stream = try #require(try await rig.stream(named: "Chat - Firefox (20)"))
            #expect(stream.isMuted, "the browser stays muted")
            #expect(stream.isCorked, "the browser stays paused")
            #expect(agent.isRunning)
        }

        /// The agent's id of the stream whose `media.name` is `name`, from `status --json`.
        private func streamID(named name: String, in rig: AgentRig) async throws -> String {
            let sinkInput = try #require(try await rig.stream(named: name))
            let result = try await rig.ctl(["status", "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            let streams = object?["streams"] as? [[String: Any]] ?? []
            let id = streams.compactMap { $0["stream"] as? String }.first { $0.hasPrefix("sink-input:\(sinkInput.index)@") }
            return try #require(id, "status lists the sink input \(sinkInput.index): \(result.standardOutput)")
        }
    }
}
