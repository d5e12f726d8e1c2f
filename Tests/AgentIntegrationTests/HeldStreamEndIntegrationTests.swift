import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// Issue 18's soak finding on PipeWire: a stream that ends while the agent holds it ducked or
    /// silenced must leave WirePlumber's saved state (restore-stream) with the user's values, so
    /// that the app's next stream starts where the user had it, not ducked or muted.
    @Suite("saved state on PipeWire: a stream that ends held", .serialized)
    struct HeldStreamEnd {
        /// WirePlumber's restore-stream key of a music paplay.
        static let musicKey = "Output/Audio:media.role:Music"

        @Test(
            "music killed while a prompt ducks it: WirePlumber keeps the user's level and the next music plays at 80 %",
            arguments: [SoundSetup.pipewirePulse, .pipewireNative])
        func killedWhileDucked(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let (music, before) = try await Self.musicAtUsersVolume(on: rig)
            defer { music.kill() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            let prompt = try rig.runPlaying("prompt", try rig.tone("prompt", seconds: 60, frequency: 660), AgentRig.duckOthers)
            defer { prompt.kill() }
            try await rig.waitForDucked("music")
            try await Self.kill(music, on: rig)

            try await Self.waitForUsersEntryOnWirePlumber04(on: rig, before)
            prompt.kill()
            _ = await prompt.waitForExit()
            try await waitUntil("the prompt's session ends", timeout: .seconds(20)) { try await rig.sessions().isEmpty }

            try await Self.nextMusicPlaysAtUsersVolume(on: rig, before)
            #expect(agent.isRunning)
        }

        @Test(
            "music killed while a call silences it: WirePlumber keeps it unmuted and the next music starts unmuted at 80 %",
            arguments: [SoundSetup.pipewirePulse, .pipewireNative])
        func killedWhileSilenced(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let (music, before) = try await Self.musicAtUsersVolume(on: rig)
            defer { music.kill() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            try await rig.waitUntilHeard(speaker, "the music is heard before the call")
            let call = try await rig.silentCall(heardOn: speaker)
            defer { call.kill() }
            try await Self.kill(music, on: rig)

            try await Self.waitForUsersEntryOnWirePlumber04(on: rig, before)
            call.kill()
            _ = await call.waitForExit()
            try await waitUntil("the call's session ends", timeout: .seconds(20)) { try await rig.sessions().isEmpty }

            try await Self.nextMusicPlaysAtUsersVolume(on: rig, before)
            #expect(agent.isRunning)
        }

        /// The native agent silences a node that plays into a sink a loopback carries on by its
        /// Props mute, not a Pause (which would stall the sink): WirePlumber saves that mute, so a
        /// node that ends muted has its saved entry repaired, as a ducked one's factor is.
        @Test("native: music killed while a call mutes it in a virtual sink: WirePlumber keeps it unmuted and the next music starts unmuted")
        func killedWhileMutedInAVirtualSink() async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            let looper = try await GraphTools.effectsHost(on: rig, .module)
            defer { looper?.kill() }
            let (music, before) = try await Self.musicAtUsersVolume(on: rig, into: "virtual")
            defer { music.kill() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            let call = try GraphTools.play("call", try rig.tone("call", seconds: 60, frequency: 660), role: "phone", into: "virtual", on: rig)
            defer { call.kill() }
            try await waitUntil("the call mutes the music (a mute, not a Pause)", timeout: .seconds(20)) {
                try await rig.stream(named: "music")?.isMuted == true
            }
            try await Self.kill(music, on: rig)

            try await Self.waitForUsersEntryOnWirePlumber04(on: rig, before)
            call.kill()
            _ = await call.waitForExit()
            try await waitUntil("the call's stream is gone", timeout: .seconds(20)) { try await rig.stream(named: "call") == nil }

            try await Self.nextMusicPlaysAtUsersVolume(on: rig, before)
            #expect(agent.isRunning)
        }

        // MARK: Steps

        /// Starts the music (role music, 60 s; into `device` when given) at the user's 80 % and
        /// waits until WirePlumber has saved that; returns the saved entry.
        static func musicAtUsersVolume(on rig: AgentRig, into device: String? = nil) async throws -> (ChildProcess, [String: String]) {
            let tone = try rig.tone("music", seconds: 60)
            let music = try device.map { try GraphTools.play("music", tone, role: "music", into: $0, on: rig) }
                ?? rig.play("music", tone, role: "music")
            try await rig.setVolume("music", 80)
            let saved = try await waitForValue("WirePlumber saves the user's 80 % for music") { () async throws -> [String: String]? in
                let saved = try savedMusic(on: rig)
                guard let volumes = saved[musicKey + ":channelVolumes"], volumes.split(separator: ";").allSatisfy({ near($0, 0.512) })
                else { return nil }
                return saved
            }
            return (music, saved)
        }

        /// Kills the music while the agent holds it, once WirePlumber has had its second to write
        /// its file (it saves a second after its last change: the agent's value, or the agent's
        /// correction of it, is there by then), and waits until the stream is gone.
        static func kill(_ music: ChildProcess, on rig: AgentRig) async throws {
            try await Task.sleep(for: .seconds(3))
            music.kill()
            _ = await music.waitForExit()
            try await waitUntil("the music stream is gone", timeout: .seconds(20)) { try await rig.stream(named: "music") == nil }
        }

        /// A fresh music paplay of the same app: at the user's 80 % on the server (pactl), at factor
        /// 1 (the native agent's duck is a factor), unmuted; and the saved entry the user's.
        static func nextMusicPlaysAtUsersVolume(on rig: AgentRig, _ before: [String: String]) async throws {
            let next = try rig.play("music-2", try rig.tone("music-2", seconds: 30), role: "music")
            defer { next.kill() }
            let stream = try await rig.waitForStream("music-2")
            try await rig.waitForVolume("music-2", 80)
            // WirePlumber 0.5 gives the stream the agent's saved values as it links it; the agent
            // then gives it the user's, within a settling turn.
            do {
                try await waitUntil("the next music is unmuted at Props volume 1", timeout: .seconds(5)) {
                    let factor = try await rig.volumeFactor("music-2") ?? 1
                    let muted = try await rig.stream(named: "music-2")?.isMuted
                    return abs(factor - 1) < 0.01 && muted == false
                }
            } catch {
                let factor = try await rig.volumeFactor("music-2")
                let muted = try await rig.stream(named: "music-2")?.isMuted
                Issue.record("the next music (\(stream.index)) shows Props volume \(factor.map { "\($0)" } ?? "none"), muted: \(muted.map { "\($0)" } ?? "gone")")
            }
            #expect(try await rig.stream(named: "music-2")?.volumePercents == [80, 80])
            try await waitForUsersEntry(on: rig, before)
        }

        // MARK: WirePlumber's saved state

        /// WirePlumber 0.4 takes the agent's repair through `route-settings` at the stream's end:
        /// waits until the saved entry is the user's again. WirePlumber 0.5 reads `route-settings`
        /// for Notification only and keeps the agent's values until the next stream of the key
        /// (which the agent gives the user's values, and WirePlumber saves them then).
        static func waitForUsersEntryOnWirePlumber04(on rig: AgentRig, _ before: [String: String]) async throws {
            guard !SoundSetup.pipewireStackIsDebian13 else { return }
            try await waitForUsersEntry(on: rig, before)
        }

        /// Waits until the music key's saved entry is `before` again; the failure says what it holds.
        static func waitForUsersEntry(on rig: AgentRig, _ before: [String: String]) async throws {
            do {
                try await waitUntil("WirePlumber's saved music entry is the user's again", timeout: .seconds(15)) {
                    sameValues(try savedMusic(on: rig), before)
                }
            } catch {
                throw WirePlumberEntry(saved: try savedMusic(on: rig), expected: before)
            }
        }

        struct WirePlumberEntry: Error, CustomStringConvertible {
            var saved: [String: String]
            var expected: [String: String]
            var description: String { "WirePlumber saved \(saved.sorted { $0.key < $1.key }); the user's is \(expected.sorted { $0.key < $1.key })" }
        }

        /// The music key's saved values (`volume`, `mute`, `channelVolumes`), by full key.
        static func savedMusic(on rig: AgentRig) throws -> [String: String] {
            try rig.pipewire.wirePlumberState("restore-stream").filter { key, _ in
                [":volume", ":mute", ":channelVolumes"].contains { key == musicKey + $0 }
            }
        }

        /// Whether two saved entries hold the same volume factor, mute and channel volumes.
        static func sameValues(_ saved: [String: String], _ expected: [String: String]) -> Bool {
            for suffix in [":volume", ":mute", ":channelVolumes"] {
                let key = musicKey + suffix
                let have = (saved[key] ?? "").split(separator: ";")
                let want = (expected[key] ?? "").split(separator: ";")
                guard have.count == want.count else { return false }
                for (a, b) in zip(have, want) where a != b {
                    guard let wanted = Double(b), near(a, wanted) else { return false }
                }
            }
            return true
        }

        static func near(_ text: Substring, _ value: Double) -> Bool {
            Double(text).map { abs($0 - value) < 0.002 } ?? false
        }
    }
}
