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
        let rig = try await DesktopRig.start(systemBus: .missing)
        defer { rig.stop() }
        let notifications = try BusConnection(address: rig.bus.address)
        defer { notifications.close() }
        _ = try await notifications.requestName("org.freedesktop.Notifications")
        // No system bus here: the session bus is followed all the same.
        let daemon = try await rig.startAgent()
        defer { daemon.kill() }
        let tone = try ToneFile.sine(frequency: 880, seconds: 120, in: rig.binary.scratch, name: "bell.wav")
        let bell = try rig.pulse.spawn("paplay", ["--property=media.name=bell", "--property=media.role=event", tone])
        defer { bell.kill() }
        let music = try rig.pulse.spawn("paplay", ["--property=media.name=song", "--property=media.role=music", tone])
        defer { music.kill() }
        try await waitUntil("both streams play unmuted", timeout: .seconds(30)) {
            let bellMuted = try await rig.isMuted("bell")
            let songMuted = try await rig.isMuted("song")
            return bellMuted == false && songMuted == false
        }

        func announce(inhibited: Bool) throws {
            try notifications.emitPropertiesChanged(
                path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
                changed: ["Inhibited": .boolean(inhibited)])
        }
        try announce(inhibited: true)
        try await waitUntil("the event sound is held during do-not-disturb", timeout: .seconds(20)) { try await rig.isMuted("bell") == true }
        #expect(try await rig.isMuted("song") == false, "music plays on")
        try announce(inhibited: false)
        try await waitUntil("the event sound is heard after do-not-disturb", timeout: .seconds(20)) { try await rig.isMuted("bell") == false }

        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
    }
}
