import AudioPolicy
import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Testing

/// Nothing is left behind: an agent that stops undoes everything at once, and an agent that
/// crashed has its changes undone by the next one, after the grace period.
@Suite("Agent on real servers: shutdown and crash recovery", .serialized)
struct RecoveryTests {
    @Test("PulseAudio (minimal): after a crash while music is ducked, the next agent puts its volume back")
    func crashWhileDucked() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await crashThenRecover(AgentHarness(server: pulse))
    }

    @Test("pipewire-pulse: after a crash while music is ducked, the next agent puts its volume back")
    func crashWhileDuckedOnPipeWirePulse() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        try await crashThenRecover(AgentHarness(server: pipewire))
    }

    @Test("PulseAudio (minimal): after a crash in the middle of a ramp, the next agent puts the volume back too")
    func crashMidRamp() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await crashThenRecover(AgentHarness(server: pulse), leftAt: 67)
    }

    @Test("pipewire-pulse: after a crash in the middle of a ramp, the next agent puts the volume back too")
    func crashMidRampOnPipeWirePulse() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        try await crashThenRecover(AgentHarness(server: pipewire), leftAt: 67)
    }

    @Test("PulseAudio (minimal): a volume no ramp of the agent's leaves is the user's, and stays")
    func userVolumeAfterCrashStays() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await crashThenRecover(AgentHarness(server: pulse), leftAt: 40, expecting: 40)
    }

    /// Music at 80 % is ducked to 54 %; the agent dies without undoing anything (the control: the
    /// music stays at 54 %) and the ducking app goes away; the next agent puts 80 % back.
    ///
    /// With `leftAt`, the music is then set to that volume before the next agent starts, as a ramp
    /// cut short leaves it (between 54 and 80: the agent's) or as a user sets it (below the duck:
    /// the user's); `expecting` is what the next agent leaves.
    private func crashThenRecover<Server: PulseProtocolServer>(
        _ harness: AgentHarness<Server>, leftAt midway: Int? = nil, expecting expected: Int = 80
    ) async throws {
        let music = try harness.playMusic()
        defer { music.kill() }
        try await harness.setVolume("music", 80)

        do {
            let crashing = try await harness.startAgent()
            let navigation = try TestSession.activate(
                on: crashing, name: "maps", category: "playback", mode: "voice-prompt", options: ["mix-with-others", "duck-others"])
            let prompt = try harness.play("prompt", seconds: 60, properties: ["audiosession.token": navigation.token])
            defer { prompt.kill() }
            try await harness.waitForVolume("music", 54)
            crashing.abandon()
            prompt.kill()  // the ducking session ends with its app
            _ = await prompt.waitForExit()
        }
        #expect(try await harness.stream(named: "music")?.volumePercents == [54, 54], "the crashed agent left the music ducked")
        if let midway {
            try await harness.setVolume("music", midway)
        }

        let next = try await harness.startAgent()
        if expected != 80 {
            // Nothing to wait for but the journal: once it is empty the agent has decided.
            try await waitUntil("the journal is empty") { AgentHarness<Server>.noStreamRestoresPending(next) }
        }
        try await harness.waitForVolume("music", expected, timeout: .seconds(5))
        try await waitUntil("the journal is empty") { AgentHarness<Server>.noStreamRestoresPending(next) }
        await next.shutdown()
    }

    @Test("PulseAudio (minimal): a session that re-registers within the grace keeps the music ducked; its end restores the journalled volume")
    func crashWhileDuckedThenSessionReturns() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        let music = try harness.playMusic()
        defer { music.kill() }
        try await harness.setVolume("music", 80)

        let token: String
        let prompt: ChildProcess
        do {
            let crashing = try await harness.startAgent()
            let navigation = try TestSession.activate(
                on: crashing, name: "maps", category: "playback", mode: "voice-prompt", options: ["mix-with-others", "duck-others"])
            token = navigation.token
            prompt = try harness.play("prompt", seconds: 60, properties: ["audiosession.token": navigation.token])
            try await harness.waitForVolume("music", 54)
            crashing.abandon()
        }
        defer { prompt.kill() }

        // The app registers again with the next agent (same stream token) before the grace ends.
        let next = try await harness.startAgent(grace: .seconds(3))
        let returned = try TestSession.activate(
            on: next, name: "maps", category: "playback", mode: "voice-prompt", options: ["mix-with-others", "duck-others"],
            token: token)
        try await waitUntil("the engine ducks the music again") {
            next.coordinator.read { view in view.engine.streamIDs.contains { view.engine.effects(on: $0) == .ducked(level: 0.3) } }
        }
        // Past the grace period the music is still ducked: a current decision keeps it.
        #expect(next.isRecoveryWaiting)
        try await waitUntil("the grace period is over", timeout: .seconds(10)) { !next.isRecoveryWaiting }
        #expect(try await harness.stream(named: "music")?.volumePercents == [54, 54])

        returned.end(on: next)
        // The base comes from the journal (80 %), not from the ducked volume the agent found (54 %).
        try await harness.waitForVolume("music", 80)
        await next.shutdown()
    }

    @Test("PulseAudio (minimal): shutdown restores a ducked stream and a silenced one at once")
    func shutdownWhileDuckedAndSilenced() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await shutdownRestores(AgentHarness(server: pulse))
    }

    @Test("pipewire-pulse: shutdown restores a ducked stream and a silenced one at once")
    func shutdownWhileDuckedAndSilencedOnPipeWirePulse() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        try await shutdownRestores(AgentHarness(server: pipewire))
    }

    /// A chime (event role: never silenced by a call) and music, both at 80 %. An alert (ducks
    /// others, never silenced) ducks both; a call then silences the music. While the alert and the
    /// call still play, shutdown puts both streams back: 80 %, unmuted.
    private func shutdownRestores<Server: PulseProtocolServer>(_ harness: AgentHarness<Server>) async throws {
        let music = try harness.playMusic()
        defer { music.kill() }
        let chime = try harness.play("chime", seconds: 60, properties: ["media.role": "event"])
        defer { chime.kill() }
        try await harness.setVolume("music", 80)
        try await harness.setVolume("chime", 80)

        let agent = try await harness.startAgent()
        let alert = try harness.play("alert", seconds: 60, properties: ["media.role": "alert"])
        defer { alert.kill() }
        try await harness.waitForVolume("chime", 54)
        let silence = try ToneFile.silence(seconds: 60, in: harness.server.directory, name: "call.wav")
        let call = try harness.server.spawn("paplay", ["--property=media.role=phone", "--property=media.name=call", silence])
        defer { call.kill() }
        do {
            try await waitUntil("the music is muted") { try await harness.stream(named: "music")?.isMuted == true }
        } catch {
            Issue.record("\(AgentHarness<Server>.explain(agent))")
            throw error
        }
        #expect(try await harness.stream(named: "chime")?.volumePercents == [54, 54], "the chime is still ducked")

        await agent.shutdown()
        #expect(agent.journal.pendingRestores.isEmpty, "shutdown leaves the journal empty")
        let restoredMusic = try await harness.stream(named: "music")
        #expect(restoredMusic?.isMuted == false)
        #expect(restoredMusic?.volumePercents == [80, 80])
        #expect(try await harness.stream(named: "chime")?.volumePercents == [80, 80])
    }
}
