import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// `[[app]]` rules of the shipped policy accept verified or claimed ids, not declared ones: a
    /// bus client that only declares `application-id = "orca"` is silenced by a call like any
    /// other app, while a stream whose client claims orca's binary (as orca's own streams do on the
    /// pulse protocol) stays exempt, and `explain` says by which id and at which level.
    @Suite("identity evidence")
    struct Evidence {
        @Test("a declared orca is silenced by a call; a claimed orca binary stays exempt", arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
        func declaredIsNotExempt(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            let declared = try rig.runPlaying(
                "declared", try rig.tone("declared", seconds: 60), ["--category", "playback", "--app-id", "orca"], role: "music")
            defer { declared.kill() }
            let claimed = try rig.server.spawn(
                "paplay",
                ["--property=media.name=claimed", "--property=application.name=orca-reader",
                 "--property=application.process.binary=orca", try rig.tone("claimed", seconds: 60)])
            defer { claimed.kill() }
            _ = try await rig.waitForStream("declared")
            _ = try await rig.waitForStream("claimed")
            try await waitUntil("the declared orca's session is active", timeout: .seconds(20)) {
                try await rig.sessions().contains { $0["application_id"] as? String == "orca" && $0["activity"] as? String == "active" }
            }

            let call = try rig.runPlaying(
                "call", try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav"),
                ["--category", "play-and-record", "--mode", "voice-chat"])
            defer { call.kill() }
            try await waitUntil("the call silences the app that only declared orca", timeout: .seconds(20)) {
                try await rig.stream(named: "declared")?.isMuted == true
            }
            let exempt = try await rig.waitForStream("claimed")
            #expect(exempt.isMuted == false, "the stream claiming orca's binary is exempt")
            #expect(exempt.volumePercents.allSatisfy { $0 == 100 }, "\(exempt.volumePercents)")

            let status = try await rig.ctl(["status", "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
            let streams = object?["streams"] as? [[String: Any]] ?? []
            let id = try #require(streams.first { $0["application"] as? String == "orca-reader" }?["stream"] as? String, "\(streams)")
            let explain = try await rig.ctl(["explain", id])
            #expect(explain.status == 0, "\(explain.standardError)")
            #expect(explain.standardOutput.contains(#"exempt app: claimed process binary "orca""#), "\(explain.standardOutput)")

            call.kill()
            _ = await call.waitForExit()
            try await waitUntil("the declared orca plays again after the call", timeout: .seconds(20)) {
                try await rig.stream(named: "declared")?.isMuted == false
            }
            #expect(agent.isRunning)
        }
    }
}
