import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Foundation
import Testing

/// The system's sleep, with the real agent binary on a private session bus and a logind stand-in
/// on a private system bus (`DBUS_SYSTEM_BUS_ADDRESS`).
@Suite("audiosessiond follows the system's sleep through logind", .serialized)
struct SleepTests {
    @Test("sleep: the active session hears app-was-suspended, then the delay inhibitor is released; wake: wake-from-sleep, interruption ended, a new inhibitor")
    func sleepAndWake() async throws {
        let rig = try await DesktopRig.start(systemBus: .logindStandIn)
        defer { rig.stop() }
        let login1 = try #require(rig.login1)
        let client = rig.client
        let signals = SignalRecorder(try await client.connection.signals(matching: BusMatchRule(interface: AgentInterface.name)))
        let daemon = try await rig.startAgent()
        defer { daemon.kill() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await signals.follow() }
            defer { group.cancelAll() }
            try await waitUntil("audiosessiond holds an inhibitor", timeout: .seconds(20)) {
                guard daemon.isRunning else { throw DaemonExited(output: daemon.standardError) }
                return try await login1.inhibitors().open == 1
            }
            let (session, _) = try await client.configuredSession(category: "playback")
            try await client.call("Activate", [.string(session)])
            #expect(try await client.state(of: session).activity == "active")

            try await login1.prepareForSleep(true)
            try await waitUntil("the inhibitor is released", timeout: .seconds(20)) {
                try await login1.inhibitors() == (open: 0, released: 1)
            }
            try await waitUntil("InterruptionBegan reached the session", timeout: .seconds(20)) {
                signals.signals.contains { $0.member == "InterruptionBegan" }
            }
            let began = signals.signals.filter { $0.member == "InterruptionBegan" }
            #expect(began.map(\.arguments) == [[.string(session), .string("app-was-suspended")]], "\(began)")
            #expect(try await client.state(of: session).activity == "interrupted")

            try await login1.prepareForSleep(false)
            try await waitUntil("InterruptionEnded reached the session", timeout: .seconds(20)) {
                signals.count("InterruptionEnded") == 1
            }
            let ended = signals.signals.filter { $0.member == "InterruptionEnded" }
            #expect(ended.map(\.arguments) == [[.string(session), .boolean(true)]], "\(ended)")
            // The route change of the wake may arrive after the interruption's end: wait for it.
            try await waitUntil("RouteChanged(wake-from-sleep) reached the session", timeout: .seconds(20)) {
                signals.signals.contains {
                    $0.member.hasSuffix("RouteChanged") && $0.arguments.values.dropFirst().first == .string("wake-from-sleep")
                }
            }
            try await waitUntil("a new inhibitor is taken after the wake", timeout: .seconds(20)) {
                try await login1.inhibitors() == (open: 1, released: 1)
            }

            daemon.terminate()
            #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
            try await waitUntil("the inhibitor is released at shutdown", timeout: .seconds(20)) {
                try await login1.inhibitors() == (open: 0, released: 2)
            }
        }
    }

    @Test("without a system bus the agent runs, says so once, and still serves sessions")
    func noSystemBus() async throws {
        let rig = try await DesktopRig.start(systemBus: .missing)
        defer { rig.stop() }
        let client = rig.client
        let daemon = try await rig.startAgent()
        defer { daemon.kill() }
        let (session, _) = try await client.configuredSession(category: "playback")
        try await client.call("Activate", [.string(session)])
        #expect(try await client.state(of: session).activity == "active")
        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
        let notices = daemon.standardError.components(separatedBy: "no system bus: sessions are not told of the system's sleep")
        #expect(notices.count == 2, "once: \(daemon.standardError)")
    }
}
