import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Foundation
import Testing

/// Do-not-disturb, with the real agent binary on private PulseAudio and a private session bus
/// where a stand-in notification daemon owns `org.freedesktop.Notifications` and announces its
/// `Inhibited` property.
@Suite("audiosessiond holds notification sounds during do-not-disturb", .serialized)
struct DoNotDisturbTests {
    @Test("an event sound is muted on the server while the notification daemon is inhibited, and heard after; music plays on")
    func holdAndRelease() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let binary = try DaemonBinary()
        defer { binary.cleanUp() }
        let client = DaemonClient(connection: try BusConnection(address: bus.address))
        defer { client.connection.close() }
        let notifications = try BusConnection(address: bus.address)
        defer { notifications.close() }
        _ = try await notifications.requestName("org.freedesktop.Notifications")
        // No system bus here (DaemonBinary names a missing one): the session bus is followed all the same.
        let daemon = try binary.spawn([], bus: bus, pulse: pulse)
        defer { daemon.kill() }
        try await waitUntil("audiosessiond owns its name", timeout: .seconds(20)) {
            guard daemon.isRunning else { throw DaemonExited(output: daemon.standardError) }
            return await client.agentOwner() != nil
        }
        let tone = try ToneFile.sine(frequency: 880, seconds: 120, in: binary.scratch, name: "bell.wav")
        let bell = try pulse.spawn("paplay", ["--property=media.name=bell", "--property=media.role=event", tone])
        defer { bell.kill() }
        let music = try pulse.spawn("paplay", ["--property=media.name=song", "--property=media.role=music", tone])
        defer { music.kill() }
        func isMuted(_ name: String) async throws -> Bool? {
            try await pulse.sinkInput(where: "media.name", is: name)?.isMuted
        }
        try await waitUntil("both streams play unmuted", timeout: .seconds(30)) {
            let bellMuted = try await isMuted("bell")
            let songMuted = try await isMuted("song")
            return bellMuted == false && songMuted == false
        }

        func announce(inhibited: Bool) throws {
            try notifications.emitPropertiesChanged(
                path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
                changed: ["Inhibited": .boolean(inhibited)])
        }
        try announce(inhibited: true)
        try await waitUntil("the event sound is held during do-not-disturb", timeout: .seconds(20)) { try await isMuted("bell") == true }
        #expect(try await isMuted("song") == false, "music plays on")
        try announce(inhibited: false)
        try await waitUntil("the event sound is heard after do-not-disturb", timeout: .seconds(20)) { try await isMuted("bell") == false }

        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
    }
}
