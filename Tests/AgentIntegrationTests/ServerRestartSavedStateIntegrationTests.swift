import AudioSessionTesting
import Foundation
import PulseBackend
import SoundServer
import Testing

extension AgentIntegrationTests {
    /// The soak's finding on stock PulseAudio (`scripts/soak 30 20261126 pulse-stock`, round 70):
    /// the server restarted while a call silenced the music, and the restarted server's restore
    /// database kept the music role muted. The server saves a stream's state with every change of
    /// the stream, the agent's mute included: the agent's repair of the entry at the silence holds
    /// only until the next change (here the user's volume change during the call), and the repair
    /// at the stream's end never comes when the server goes away first. The next agent must write
    /// the user's values back on the restarted server.
    @Suite("saved state across a server restart while the agent holds a stream", .serialized)
    struct ServerRestartSavedState {
        /// Which server goes away and comes back.
        enum Restart: String, CaseIterable, CustomTestStringConvertible {
            case pulseAudio = "stock PulseAudio"
            case pipewirePulse = "pipewire-pulse alone"
            case pipewireStack = "the whole PipeWire stack under pipewire-pulse"

            var setup: SoundSetup { self == .pulseAudio ? .pulseStock : .pipewirePulse }
            var testDescription: String { rawValue }

            func run(on rig: AgentRig) async throws {
                if self == .pipewireStack {
                    try await rig.pipewire.haltStack()
                    try await rig.pipewire.resumeStack()
                } else {
                    try await rig.server.haltServerProcess()
                    try await rig.server.resumeServerProcess()
                }
            }
        }

        @Test(
            "the server restarts while a call silences music the user turned to 70 %: the saved entry is the user's again",
            arguments: Restart.allCases)
        func restartWhileSilenced(restart: Restart) async throws {
            let rig = try await AgentRig.start(restart.setup)
            defer { rig.stop() }
            let music = try rig.play("music", try rig.tone("music", seconds: 60), role: "music")
            defer { music.kill() }
            try await rig.setVolume("music", 80)
            try await waitForSaved(on: rig, SavedMusic(percent: 80, isMuted: false))
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            try await rig.waitUntilHeard(speaker, "the music is heard before the call")
            let call = try await rig.silentCall(heardOn: speaker)
            defer { call.kill() }
            try await waitUntil("the agent mutes the music", timeout: .seconds(15)) {
                try await rig.stream(named: "music")?.isMuted == true
            }
            // The user's change: the server saves it with the stream's mute, which is the agent's.
            // On PulseAudio the agent follows the restore database and puts the user's unmute
            // back at once (the restart then finds the entry right, and must leave it so); through
            // pipewire-pulse the store is WirePlumber's, and the agent's mute stays saved until
            // the restart's repair.
            try await rig.setVolume("music", 70)
            try await waitForSaved(on: rig, SavedMusic(percent: 70, isMuted: restart != .pulseAudio))

            try await restart.run(on: rig)
            // WirePlumber 0.5 takes no repair of the music role's entry through route-settings: it
            // keeps the agent's mute until the next music stream, which the agent unmutes.
            let repairTakenAtOnce = restart == .pulseAudio || !SoundSetup.pipewireStackIsDebian13
            if repairTakenAtOnce {
                try await waitForSaved(on: rig, SavedMusic(percent: 70, isMuted: false), timeout: .seconds(30))
            }
            call.kill()
            _ = await call.waitForExit()
            try await waitUntil("the call's session ends", timeout: .seconds(20)) { try await rig.sessions().isEmpty }

            let next = try rig.play("music-2", try rig.tone("music-2", seconds: 30), role: "music")
            defer { next.kill() }
            try await rig.waitForVolume("music-2", 70)
            if repairTakenAtOnce {
                #expect(try await rig.stream(named: "music-2")?.isMuted == false, "the next music starts unmuted")
            } else {
                try await waitUntil("the agent unmutes the next music", timeout: .seconds(10)) {
                    try await rig.stream(named: "music-2")?.isMuted == false
                }
            }
            try await waitForSaved(on: rig, SavedMusic(percent: 70, isMuted: false))
            #expect(agent.isRunning)
        }

        /// Issue 18's native soak, round 160: a legacy phone paplay held muted after an unplug, the
        /// agent killed, the next agent started and PipeWire restarted before that agent's
        /// recovery of the journal, or just after it. WirePlumber had saved the hold's mute for the
        /// Communication role; the agent that lost the server handed over only its ducks, and not
        /// what it had just restored, which WirePlumber saves a moment later.
        @Test(
            "native: an unplug hold's mute, the agent killed, PipeWire restarted before or just after the next agent recovers: the saved entry is unmuted again",
            arguments: [Duration.zero, .milliseconds(1200)])
        func nativeRestartBeforeRecovery(restartAfter: Duration) async throws {
            let rig = try await AgentRig.start(.pipewireNative)
            defer { rig.stop() }
            let first = try await rig.startAgent()
            defer { first.kill() }
            let headphones = try await rig.server.plug(.headphones)
            let tone = try rig.tone("phone", seconds: 60)
            let command = rig.insideRoot(["paplay", "--property=media.name=legacy", "--property=media.role=phone", "-d", "headphones", tone])
            let legacy = try rig.server.spawn(command[0], Array(command.dropFirst()))
            defer { legacy.kill() }
            _ = try await rig.waitForStream("legacy")
            try await rig.server.unplug(headphones)
            try await waitUntil("the hold mutes the legacy phone stream", timeout: .seconds(15)) {
                try await rig.stream(named: "legacy")?.isMuted == true
            }
            try await waitUntil("WirePlumber saves the Communication role muted", timeout: .seconds(15)) {
                try savedCommunicationMute(on: rig) == "true"
            }

            first.kill()
            _ = await first.waitForExit()
            let second = try await rig.startAgent()
            defer { second.kill() }
            // At once: before the next agent's recovery (its grace is 750 ms). After 1.2 s: its
            // recovery unmuted the held node, and WirePlumber may not have saved that yet.
            try await Task.sleep(for: restartAfter)
            try await rig.pipewire.haltStack()
            try await rig.pipewire.resumeStack()

            // WirePlumber 0.4 takes the repair through route-settings at once; 0.5 only from the
            // role's next stream, which the agent unmutes.
            let repairTakenAtOnce = !SoundSetup.pipewireStackIsDebian13
            if repairTakenAtOnce {
                do {
                    try await waitUntil("the saved Communication entry is unmuted", timeout: .seconds(30)) {
                        try savedCommunicationMute(on: rig) != "true"
                    }
                } catch {
                    Issue.record("WirePlumber keeps the Communication role muted after the restart: \(second.standardError.suffix(2000))")
                    return
                }
            }
            let next = try rig.play("next", try rig.tone("next", seconds: 30), role: "phone")
            defer { next.kill() }
            _ = try await rig.waitForStream("next")
            if repairTakenAtOnce {
                #expect(try await rig.stream(named: "next")?.isMuted == false, "the next phone stream starts unmuted")
            } else {
                try await waitUntil("the agent unmutes the next phone stream", timeout: .seconds(10)) {
                    try await rig.stream(named: "next")?.isMuted == false
                }
            }
            try await waitUntil("the saved Communication entry is unmuted", timeout: .seconds(15)) {
                try savedCommunicationMute(on: rig) != "true"
            }
            #expect(second.isRunning)
        }

        /// WirePlumber's saved mute of the Communication role (pipewire-pulse's `phone`), if any.
        func savedCommunicationMute(on rig: AgentRig) throws -> String? {
            try rig.pipewire.wirePlumberState("restore-stream")["Output/Audio:media.role:Communication:mute"]
        }

        // MARK: The music role's saved entry

        /// What the server saved for the music role: the user's level (pactl's percent) and mute.
        struct SavedMusic: Equatable, CustomStringConvertible {
            var percent: Int?
            var isMuted: Bool?
            var description: String { "\(percent.map { "\($0) %" } ?? "no volume"), \(isMuted.map { $0 ? "muted" : "unmuted" } ?? "no mute")" }
        }

        /// Waits until the server's saved music entry is `expected`; the failure says what it holds.
        func waitForSaved(on rig: AgentRig, _ expected: SavedMusic, timeout: Duration = .seconds(15)) async throws {
            do {
                try await waitUntil("the saved music entry is \(expected)", timeout: timeout) { try await saved(on: rig) == expected }
            } catch {
                throw SavedEntry(saved: try await saved(on: rig), expected: expected)
            }
        }

        struct SavedEntry: Error, CustomStringConvertible {
            var saved: SavedMusic
            var expected: SavedMusic
            var description: String { "the server saved music as \(saved); expected \(expected)" }
        }

        /// Stock PulseAudio's `sink-input-by-media-role:music` in module-stream-restore's database;
        /// on PipeWire, WirePlumber's restore-stream key of the role (channel volumes are cubic).
        func saved(on rig: AgentRig) async throws -> SavedMusic {
            if rig.setup == .pulseStock {
                let entries = try await rig.restoreEntries()
                guard let entry = entries["sink-input-by-media-role:music"] else { return SavedMusic() }
                let percent = entry.volume.flatMap { $0.isEmpty ? nil : Int(($0.maximum.level * 100).rounded()) }
                return SavedMusic(percent: percent, isMuted: entry.isMuted)
            }
            let key = "Output/Audio:media.role:Music"
            let state = try rig.pipewire.wirePlumberState("restore-stream")
            let cubic = state[key + ":channelVolumes"]?.split(separator: ";").compactMap { Double($0) }.max()
            return SavedMusic(
                percent: cubic.map { Int((cbrt($0) * 100).rounded()) },
                isMuted: state[key + ":mute"].map { $0 == "true" })
        }
    }
}
