import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// Issue 18's soak, round 70 on pipewire-pulse: route-settings kept a ducked volume of
    /// `application.name:paplay`, so the next role-less paplay of any app started ducked. Every
    /// session's player there is a role-less paplay, so they share one WirePlumber restore key:
    /// while the agent ducks one, WirePlumber saves each step of its ramp under that key and gives
    /// the latest to the next player of the key once it links it, after pipewire-pulse announced
    /// the stream (too late for the agent's check of a new stream's values). A player another
    /// session ducks from then took that level for its user's: it came back to it, not to 100 %,
    /// and its end wrote it into route-settings.
    @Suite("saved state on pipewire-pulse: a player started while a sibling is ducked", .serialized)
    struct DuckedSibling {
        /// WirePlumber's route-settings key of role-less paplays.
        static let paplayKey = "restore.stream.Output/Audio.application.name:paplay"

        @Test("two duck-others sessions started together duck each other from the user's level; none is saved ducked")
        func duckersStartedTogether() async throws {
            let rig = try await AgentRig.start(.pipewirePulse)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            let ambient = try rig.runPlaying("ambient", try rig.tone("ambient", seconds: 60), ["--category", "ambient"])
            defer { ambient.kill() }
            try await rig.waitForVolume("ambient", 100)
            // Started together, as in the soak's round: each player appears while the other
            // session's duck of the ambient player ramps, and each is ducked by the other session.
            let prompt = try rig.runPlaying("prompt", try rig.tone("prompt", seconds: 60, frequency: 660), AgentRig.duckOthers)
            defer { prompt.kill() }
            let measurement = try rig.runPlaying(
                "measurement", try rig.tone("measurement", seconds: 60, frequency: 550),
                ["--category", "play-and-record", "--mode", "measurement", "--option", "duck-others"])
            defer { measurement.kill() }
            // Each at 100 % ducked to 0.3: ∛0.3 ≈ 67 % on pactl's scale.
            for name in ["ambient", "prompt", "measurement"] { try await rig.waitForVolume(name, 67) }

            prompt.kill()
            _ = await prompt.waitForExit()
            try await rig.waitForVolume("measurement", 100)
            measurement.kill()
            _ = await measurement.waitForExit()
            try await rig.waitForVolume("ambient", 100)
            ambient.kill()
            _ = await ambient.waitForExit()
            try await waitUntil("every session has ended", timeout: .seconds(20)) { try await rig.sessions().isEmpty }

            try await waitUntil("route-settings holds no ducked level of paplay", timeout: .seconds(15)) {
                try await Self.savedLevels(of: Self.paplayKey, on: rig).allSatisfy { abs($0 - 1) < 0.001 }
            }
            let next = try rig.play("next", try rig.tone("next", seconds: 30))
            defer { next.kill() }
            _ = try await rig.waitForStream("next")
            try await rig.waitForVolume("next", 100)
            #expect(agent.isRunning, "\(agent.standardError)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// The soak's seed 9001 on pipewire-pulse, round 176: a legacy music stream started while
        /// the agent gave a ducked music bed its level back. WirePlumber handed the new stream the
        /// ramp's step it had saved under the role, after pipewire-pulse announced it; nothing ducked
        /// the new stream, so the agent never looked at its level, and its end saved that step as
        /// the role's volume: the next music stream of any app started at a quarter.
        @Test("a stream started while a sibling's duck ends gets the user's level, not a step of the ramp; none is saved ducked")
        func streamStartedDuringTheUnduck() async throws {
            let rig = try await AgentRig.start(.pipewirePulse)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let bed = try rig.play("bed", try rig.tone("bed", seconds: 60), role: "music")
            defer { bed.kill() }
            try await rig.waitForVolume("bed", 100)
            let prompt = try rig.runPlaying("prompt", try rig.tone("prompt", seconds: 60, frequency: 660), AgentRig.duckOthers)
            defer { prompt.kill() }
            try await rig.waitForVolume("bed", 67)

            prompt.kill()
            let late = try rig.play("late", try rig.tone("late", seconds: 60, frequency: 550), role: "music")
            defer { late.kill() }
            _ = try await rig.waitForStream("late")
            try await rig.waitForVolume("bed", 100)
            try await rig.waitForVolume("late", 100)
            late.kill()
            _ = await late.waitForExit()
            bed.kill()
            _ = await bed.waitForExit()
            try await waitUntil("route-settings holds no ducked level of the music role", timeout: .seconds(15)) {
                try await Self.savedLevels(of: Self.musicKey, on: rig).allSatisfy { abs($0 - 1) < 0.001 }
            }
            let next = try rig.play("next", try rig.tone("next", seconds: 30), role: "music")
            defer { next.kill() }
            _ = try await rig.waitForStream("next")
            try await rig.waitForVolume("next", 100)
            #expect(agent.isRunning, "\(agent.standardError)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// WirePlumber's route-settings key of the music role.
        static let musicKey = "restore.stream.Output/Audio.media.role:Music"

        /// The channel volumes route-settings holds under `key` (none when it has no entry).
        static func savedLevels(of key: String, on rig: AgentRig) async throws -> [Double] {
            guard let value = try await rig.pipewire.metadata(named: "route-settings").first(where: { $0.key == key })?.value,
                let object = try JSONSerialization.jsonObject(with: Data(value.utf8)) as? [String: Any]
            else { return [] }
            return (object["volumes"] as? [Double]) ?? []
        }
    }
}
