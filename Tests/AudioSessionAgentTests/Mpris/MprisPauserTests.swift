import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Foundation
import Testing

/// mpv with mpv-mpris on a private PulseAudio and a private session bus, the agent in-process with
/// an ``MprisPauser``: a phone stream from an app without a session pauses mpv over MPRIS (on top of
/// the mute) and, when the call ends, mpv plays again and is heard; a player the user paused
/// before the call stays paused.
@Suite("Agent on real servers: MPRIS pause", .serialized)
struct MprisPauserTests {
    @Test("PulseAudio: a call pauses mpv over MPRIS and mutes its stream; after the call mpv plays again and is heard")
    func callPausesAndResumesMpv() async throws {
        let rig = try await MprisRig.start(on: try await PrivatePulseAudio.start(.minimal))
        defer { rig.stop() }
        try await callPausesAndResumes(rig)
    }

    @Test("pipewire-pulse: a call pauses mpv over MPRIS and mutes its stream; after the call mpv plays again and is heard")
    func callPausesAndResumesMpvOnPipeWirePulse() async throws {
        let rig = try await MprisRig.start(on: try await PrivatePipeWire.start())
        defer { rig.stop() }
        try await callPausesAndResumes(rig)
    }

    private func callPausesAndResumes<Server: PulseProtocolServer>(_ rig: MprisRig<Server>) async throws {
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.pulse)
        defer { speaker.stop() }
        let (mpv, name) = try await startPlaying(rig, "music")
        defer { mpv.kill() }
        try await waitUntil("mpv is heard") { try await speaker.rms(over: .milliseconds(200)) > 0.2 }

        try await duringCall(rig) {
            try await waitUntil("mpv reports Paused") { try await rig.status(of: name) == "Paused" }
            try await waitUntil("mpv's stream is muted and corked") {
                let stream = try await rig.stream(of: mpv)
                return stream?.isMuted == true && stream?.isCorked == true
            }
            try await waitUntil("the speaker is silent") { try await speaker.rms(over: .milliseconds(200)) < 0.001 }
        } after: {
            try await waitUntil("mpv reports Playing again") { try await rig.status(of: name) == "Playing" }
            try await waitUntil("mpv's stream is unmuted and running") {
                let stream = try await rig.stream(of: mpv)
                return stream?.isMuted == false && stream?.isCorked == false
            }
            try await waitUntil("mpv is heard again") { try await speaker.rms(over: .milliseconds(200)) > 0.2 }
        }
    }

    @Test("a player the user paused before the call stays paused after it; a playing one resumes")
    func userPausedPlayerStaysPaused() async throws {
        let rig = try await MprisRig.start(on: try await PrivatePulseAudio.start(.minimal))
        defer { rig.stop() }
        let (paused, pausedName) = try await startPlaying(rig, "paused")
        defer { paused.kill() }
        let (playing, playingName) = try await startPlaying(rig, "playing")
        defer { playing.kill() }
        try await rig.command("Pause", pausedName)
        try await waitUntil("the user paused the first") { try await rig.status(of: pausedName) == "Paused" }

        try await duringCall(rig) {
            try await waitUntil("the playing one is muted and paused") {
                let stream = try await rig.stream(of: playing)
                let status = try await rig.status(of: playingName)
                return stream?.isMuted == true && status == "Paused"
            }
        } after: {
            try await waitUntil("the one the agent paused plays again") { try await rig.status(of: playingName) == "Playing" }
            try await waitUntil("its stream is unmuted") { try await rig.stream(of: playing)?.isMuted == false }
            #expect(try await rig.status(of: pausedName) == "Paused", "the agent never starts a player the user paused")
            #expect(try await rig.stream(of: paused)?.isCorked == true)
        }
    }

    @Test("a player the user plays and pauses again during the call stays paused after it; the control resumes")
    func userPausedDuringCallStaysPaused() async throws {
        let rig = try await MprisRig.start(on: try await PrivatePulseAudio.start(.minimal))
        defer { rig.stop() }
        let (user, userName) = try await startPlaying(rig, "user")
        defer { user.kill() }
        let (control, controlName) = try await startPlaying(rig, "control")
        defer { control.kill() }

        // mpv-mpris announces a status only when it differs from the last one it announced, so
        // changes a few milliseconds apart can vanish; the user's steps wait for each announcement,
        // as a person at the media keys would be slower than that anyway.
        let announcements = try await PlaybackStatusLog(bus: rig.bus)
        let owner = try await rig.bus.nameOwner(of: userName)
        try await duringCall(rig, alongside: { await announcements.run() }) {
            try await waitUntil("the call paused both") {
                let first = try await rig.status(of: userName)
                let second = try await rig.status(of: controlName)
                return first == "Paused" && second == "Paused"
            }
            try await waitUntil("the pause is announced") { announcements.count("Paused", from: owner) == 1 }
            try await rig.command("Play", userName)
            try await waitUntil("the user's play is announced") { announcements.count("Playing", from: owner) == 1 }
            #expect(try await rig.stream(of: user)?.isMuted == true, "the mute is the enforcement: a played player stays silent")
            try await rig.command("Pause", userName)
            try await waitUntil("the user's pause is announced") { announcements.count("Paused", from: owner) == 2 }
        } after: {
            try await waitUntil("the control plays again") { try await rig.status(of: controlName) == "Playing" }
            try await waitUntil("both streams are unmuted") {
                let first = try await rig.stream(of: user)
                let second = try await rig.stream(of: control)
                return first?.isMuted == false && second?.isMuted == false
            }
            #expect(try await rig.status(of: userName) == "Paused", "the user's pause during the call is kept")
        }
    }

    /// Starts an mpv and waits until it plays; returns it with its MPRIS name.
    private func startPlaying<Server: PulseProtocolServer>(_ rig: MprisRig<Server>, _ name: String) async throws -> (ChildProcess, String) {
        let mpv = try rig.startMpv(name)
        do {
            let busName = try await waitForValue("\(name) on the bus", timeout: .seconds(15)) { try await rig.playerName(of: mpv) }
            try await waitUntil("\(name) plays", timeout: .seconds(15)) { try await rig.status(of: busName) == "Playing" }
            return (mpv, busName)
        } catch {
            mpv.kill()
            throw error
        }
    }

    /// Runs an agent with a pauser (and `alongside`), places a phone call, runs `during`, ends the
    /// call, runs `after`.
    private func duringCall<Server: PulseProtocolServer>(
        _ rig: MprisRig<Server>, alongside: @escaping @Sendable () async -> Void = {}, _ during: () async throws -> Void,
        after: () async throws -> Void
    ) async throws {
        let pauser = MprisPauser(connection: rig.bus, logger: MprisRig<Server>.logger("test.mpris"))
        try await withThrowingTaskGroup { group in
            group.addTask { try await pauser.run() }
            group.addTask { await alongside() }
            let agent = try await rig.startAgent(pauser: pauser)
            do {
                let call = try rig.startCall()
                defer { call.kill() }
                try await during()
                call.kill()
                _ = await call.waitForExit()
                try await after()
            } catch {
                await agent.shutdown()
                group.cancelAll()
                throw error
            }
            await agent.shutdown()
            group.cancelAll()
        }
    }
}
