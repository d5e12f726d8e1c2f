import AudioSessionBus
import AudioSessionTesting
import Foundation
import Glibc
import Testing

extension AgentIntegrationTests {
    /// Unknown names are answered with the accepted ones, on the command line and over D-Bus; a
    /// broken policy sent with SIGHUP is refused, logged, and the old one stays in force.
    @Suite("bad input")
    struct BadInput {
        static let categories = ["ambient", "solo-ambient", "playback", "record", "play-and-record", "multi-route"]

        @Test("an unknown category: run exits 64 listing the accepted names; over D-Bus the error lists them", arguments: SoundSetup.allCases)
        func unknownCategory(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let marker = rig.directory + "/ran"

            let command = try await rig.ctl(["run", "--category", "loud", "--", "touch", marker])
            #expect(command.status == 64, "\(command.standardError)")
            for name in Self.categories { #expect(command.standardError.contains(name), "\(command.standardError)") }
            #expect(!FileManager.default.fileExists(atPath: marker), "CMD does not run")

            let connection = try BusConnection(address: rig.bus.address)
            defer { connection.close() }
            let session = try await connection.call(
                destination: "org.audiosession.Agent", path: "/org/audiosession/Agent", interface: "org.audiosession.Agent1",
                method: "RegisterSession", arguments: [.dictionary(key: .string, value: .variant, [:])], timeout: .seconds(30)
            ).decode(String.self, String.self).0
            do {
                _ = try await connection.call(
                    destination: "org.audiosession.Agent", path: "/org/audiosession/Agent", interface: "org.audiosession.Agent1",
                    method: "SetConfiguration",
                    arguments: [.string(session), .string("loud"), .string("default"), .array(element: .string, [])],
                    timeout: .seconds(30))
                Issue.record("SetConfiguration with category loud succeeded")
            } catch let error as BusError {
                #expect(error.name.rawValue == "org.audiosession.Error.UnknownName", "\(error)")
                #expect(error.message.contains("loud"), "\(error)")
                for name in Self.categories { #expect(error.message.contains(name), "\(error)") }
            }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        @Test("a broken policy sent with SIGHUP: the agent keeps running, with the old policy, and logs why", arguments: SoundSetup.allCases)
        func brokenPolicyOnHangUp(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let file = rig.directory + "/policy.toml"
            try String(contentsOfFile: AgentRig.shippedPolicy, encoding: .utf8).write(toFile: file, atomically: true, encoding: .utf8)
            let agent = try await rig.startAgent(policy: file)
            defer { agent.kill() }

            try "version = 1\n[ducking]\nlevel = \"loud\"\n".write(toFile: file, atomically: true, encoding: .utf8)
            agent.signal(SIGHUP)
            try await waitUntil("the refusal is logged") { agent.standardError.contains("the policy was not reloaded") }
            #expect(agent.standardError.contains("\(file):3"), "the log names the file and line: \(agent.standardError)")
            #expect(agent.isRunning)

            // The old policy is in force: a prompt still ducks music to its level (0.3: 80 % → 54 %).
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            try await rig.setVolume("music", 80)
            let prompt = try rig.runPlaying(
                "prompt", try rig.tone("prompt", seconds: 2, frequency: 660),
                ["--category", "playback", "--option", "mix-with-others", "--option", "duck-others"])
            defer { prompt.kill() }
            try await rig.waitForDucked("music")
            #expect(await prompt.waitForExit() == 0, "\(prompt.standardError)")
            try await rig.waitForUnducked("music", 80)
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
