import AudioSessionTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 18, finding 6: through pipewire-pulse 0.3.65, unloading module-echo-cancel as a call
/// ended could take pipewire-pulse down (a segfault in `pw_stream_dequeue_buffer`), and every app
/// with it. This runs the crash condition over and over with the real agent binary: voice-chat
/// calls started and ended, half of them killed with SIGKILL mid-call (the app and its streams at
/// once), and asserts that pipewire-pulse is the same process at the end and that no canceller
/// process or device is left. Music plays on the speaker throughout, as in the examples' test
/// where the crash was seen (the call silences it and lets it go again).
///
/// The suite's form is short (``defaultCalls``); `scripts/canceller-loop [CALLS]` runs the long
/// one (`AUDIOSESSION_CANCELLER_CALLS`), and `AUDIOSESSIOND=PATH` runs another agent binary.
@Suite("canceller loop on pipewire-pulse", .serialized, .timeLimit(.minutes(60)))
struct CancellerLoopIntegrationTests {
    typealias Native = AgentIntegrationTests.NativeVoiceProcessing

    /// Calls in the suite's short form.
    static let defaultCalls = 20

    static var calls: Int {
        ProcessInfo.processInfo.environment["AUDIOSESSION_CANCELLER_CALLS"].flatMap { Int($0) }.map { max($0, 1) }
            ?? defaultCalls
    }

    /// Whether the call's playback and capture are on a canceller's sink and source.
    static func callIsOnCanceller(_ rig: AgentRig) async throws -> Bool {
        guard let playback = try await rig.stream(named: "far-end"), try await rig.cancellerDevices().sinks[playback.sink] != nil
        else { return false }
        return try await rig.capturesThroughCanceller("call-capture")
    }

    /// The call's streams, its cancellers' devices and processes, and module-echo-cancel are all gone.
    static func nothingRemains(_ rig: AgentRig) async throws -> Bool {
        let devices = try await rig.cancellerDevices()
        let modules = try await rig.server.pactl("list", "short", "modules")
        let playback = try await rig.stream(named: "far-end")
        let capture = try await rig.sourceOutput(named: "call-capture")
        return devices.sinks.isEmpty && devices.sources.isEmpty && Native.cancellerProcesses(rig).isEmpty
            && !modules.contains("module-echo-cancel") && playback == nil && capture == nil
    }

    @Test("calls started and ended, half killed mid-call, never take pipewire-pulse down or leave a canceller behind")
    func callsNeverTakeTheServerDown() async throws {
        let rig = try await AgentRig.start(.pipewirePulse)
        defer { rig.stop() }
        let tone = try rig.tone("far", seconds: 120)
        let script = "parec --raw --property=media.name=call-capture > /dev/null & P=$!; "
            + "paplay --property=media.name=far-end '\(tone)'; kill $P; wait $P; exit 0"
        let server = try #require(rig.server.serverProcessID(), "pipewire-pulse runs")
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let song = try rig.tone("song", seconds: 10, frequency: 660)
        let music = try rig.server.spawn(
            "sh", ["-c", "while :; do paplay --property=media.name=music --property=media.role=music '\(song)' || exit 1; done"])
        defer {
            let players = AgentRig.children(of: music.pid)
            music.kill()
            for pid in players { kill(pid, SIGKILL) }
        }
        let clock = ContinuousClock()
        let started = clock.now
        var done = 0
        var killed = 0
        var failure: (any Error)?
        for call in 0..<Self.calls {
            do {
                let app = try rig.spawnCtl(["run", "--category", "play-and-record", "--mode", "voice-chat", "--", "sh", "-c", script])
                defer { app.kill() }
                try await waitUntil("call \(call + 1) goes through a canceller", timeout: .seconds(30)) {
                    try await Self.callIsOnCanceller(rig)
                }
                let shell = AgentRig.children(of: app.pid)
                let clients = shell.flatMap { AgentRig.children(of: $0) }
                if call.isMultiple(of: 2) {
                    // Ended: the player stops, the shell stops the recorder and exits, `run` ends the session.
                    for pid in clients { kill(pid, SIGTERM) }
                    #expect(await app.waitForExit() == 0, "call \(call + 1) ends: \(app.standardError)")
                } else {
                    // Killed mid-call: the app and its streams at once.
                    for pid in [app.pid] + shell + clients { kill(pid, SIGKILL) }
                    _ = await app.waitForExit()
                    killed += 1
                }
                try await waitUntil("nothing of call \(call + 1) remains", timeout: .seconds(30)) {
                    try await Self.nothingRemains(rig)
                }
                done += 1
            } catch {
                failure = error
            }
            if failure != nil || rig.server.serverProcessID() != server { break }
        }
        let unchanged = rig.server.serverProcessID() == server
        let seconds = Double((clock.now - started).components.seconds)
        print(
            "canceller loop: \(done) of \(Self.calls) calls, \(killed) killed, pipewire-pulse PID unchanged: \(unchanged ? "yes" : "no"), \(Int(seconds)) s"
        )
        #expect(unchanged, "pipewire-pulse (PID \(server)) is the same process after \(done) calls")
        if let failure { Issue.record(failure, "call \(done + 1) of \(Self.calls)") }
        #expect(done == Self.calls)
        if unchanged {
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            #expect(try await Self.nothingRemains(rig), "the stopped agent leaves no canceller")
        }
    }

    /// The process's life on pipewire-pulse beyond the loop: kill -9 of the agent mid-call ends the
    /// canceller with it (parent-death signal, set from the pulse loop thread) before any agent
    /// starts again; the call's streams are then on the devices, and the next agent (its recovery
    /// included) leaves them there.
    @Test("kill -9 of the agent mid-call on pipewire-pulse: its canceller process ends with it, the call stays on the devices")
    func agentKilledMidCall() async throws {
        let rig = try await AgentRig.start(.pipewirePulse)
        defer { rig.stop() }
        let tone = try rig.tone("far", seconds: 120)
        let server = try #require(rig.server.serverProcessID(), "pipewire-pulse runs")
        let killed = try await rig.startAgent()
        defer { killed.kill() }
        let call = try rig.spawnCtl([
            "run", "--category", "play-and-record", "--mode", "voice-chat", "--", "sh", "-c",
            "parec --raw --property=media.name=call-capture > /dev/null & paplay --property=media.name=far-end '\(tone)'",
        ])
        defer { call.kill() }
        try await waitUntil("the call goes through a canceller", timeout: .seconds(30)) { try await Self.callIsOnCanceller(rig) }
        #expect(Native.cancellerProcesses(rig).count == 1, "one canceller process, started by the agent")
        let leftovers = AgentRig.children(of: call.pid).flatMap { [$0] + AgentRig.children(of: $0) }
        defer { for pid in leftovers { kill(pid, SIGKILL) } }
        killed.kill()
        _ = await killed.waitForExit()
        try await waitUntil("the canceller process ends with the killed agent", timeout: .seconds(30)) {
            Native.cancellerProcesses(rig).isEmpty
        }
        call.kill()
        _ = await call.waitForExit()
        let next = try await rig.startAgent()
        defer { next.kill() }
        try await waitUntil("the call plays and records on the devices, no canceller left", timeout: .seconds(60)) {
            let playback = try await rig.stream(named: "far-end")
            let devices = try await rig.cancellerDevices()
            let onCanceller = try await rig.capturesThroughCanceller("call-capture")
            return playback.map { devices.sinks[$0.sink] == nil && $0.sink != Int(UInt32.max) } == true
                && devices.sinks.isEmpty && devices.sources.isEmpty && !onCanceller
        }
        #expect(rig.server.serverProcessID() == server, "pipewire-pulse is the same process")
        #expect(await rig.stopAgent(next) == 0, "\(next.standardError)")
    }
}
