import AudioSessionTesting
import Foundation
import Glibc
import Testing

extension AgentIntegrationTests {
    /// A policy fragment that used to overflow the loader's stack (a key of 4,000 dotted parts)
    /// took the agent down on SIGHUP with the music it ducked left ducked, and again at every
    /// start. Now the reload is refused, and an agent started with the fragment in place runs the
    /// shipped default, so it undoes what the killed agent left.
    @Suite("hostile policy")
    struct HostilePolicy {
        static let deepKey = "version = 1\n" + String(repeating: "a.", count: 4000) + "b = 1\n"

        @Test(
            "a 4,000-part dotted key in policy.d: SIGHUP is refused, and the next agent starts on the shipped default and restores the music",
            arguments: [SoundSetup.pulseMinimal, .pipewireNative])
        func deepFragment(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let fragments = rig.configurationDirectory + "/audiosession/policy.d"
            try FileManager.default.createDirectory(atPath: fragments, withIntermediateDirectories: true)
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            try await rig.setVolume("music", 80)

            let first = try await rig.startAgent(policy: nil)
            defer { first.kill() }
            let prompt = try rig.runPlaying(
                "prompt", try rig.tone("prompt", seconds: 60, frequency: 660),
                ["--category", "playback", "--option", "mix-with-others", "--option", "duck-others"])
            defer { prompt.kill() }
            try await rig.waitForDucked("music")

            let fragment = fragments + "/50-deep.toml"
            try Self.deepKey.write(toFile: fragment, atomically: true, encoding: .utf8)
            first.signal(SIGHUP)
            try await waitUntil("the refusal is logged") { first.standardError.contains("the policy was not reloaded") }
            #expect(first.standardError.contains("\(fragment):2:"), "the log names the file and line: \(first.standardError)")
            #expect(first.isRunning)
            #expect(try await rig.isDucked("music"), "the old policy still ducks for the prompt")

            first.kill()
            #expect(await first.waitForExit() == 128 + SIGKILL)
            prompt.terminate()
            _ = await prompt.waitForExit()
            try await waitUntil("the prompt's stream is gone") { try await rig.stream(named: "prompt") == nil }
            #expect(try await rig.isDucked("music"), "control: nothing restores it without an agent")

            let next = try await rig.startAgent(policy: nil)
            defer { next.kill() }
            try await rig.waitForUnducked("music", 80)
            #expect(next.standardError.contains("runs with the shipped default policy"), "\(next.standardError)")
            let status = try await rig.ctl(["status"])
            #expect(status.standardOutput.contains("policy \(AgentRig.shippedPolicy)"), "\(status.standardOutput)")

            // Once the file is fixed, SIGHUP puts the user's policy in force.
            try FileManager.default.removeItem(atPath: fragment)
            try "version = 1\n[ducking]\nlevel = 0.5\n".write(toFile: fragment, atomically: true, encoding: .utf8)
            next.signal(SIGHUP)
            try await waitUntil("the reload is logged") { next.standardError.contains("policy reloaded") }
            #expect(await rig.stopAgent(next) == 0, "\(next.standardError)")
        }
    }
}
