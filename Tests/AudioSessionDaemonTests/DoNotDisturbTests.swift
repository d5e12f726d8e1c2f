import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Foundation
import Synchronization
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

    @Test("audiosessionctl dnd on holds an event sound, is kept when the agent restarts, and off releases it; a daemon's word is kept apart")
    func userSwitch() async throws {
        let rig = try await DesktopRig.start(systemBus: .missing)
        defer { rig.stop() }
        var daemon = try await rig.startAgent()
        defer { daemon.kill() }
        let tone = try ToneFile.sine(frequency: 880, seconds: 120, in: rig.binary.scratch, name: "bell.wav")
        let bell = try rig.pulse.spawn("paplay", ["--property=media.name=bell", "--property=media.role=event", tone])
        defer { bell.kill() }
        try await waitUntil("the event sound plays unmuted", timeout: .seconds(30)) { try await rig.isMuted("bell") == false }
        let off = try await rig.ctl(["dnd"])
        #expect(off.status == 0 && off.standardOutput == "do-not-disturb: off\n", "\(off)")

        let on = try await rig.ctl(["dnd", "on"])
        #expect(on.status == 0 && on.standardOutput == "do-not-disturb: on (user)\n", "\(on)")
        try await waitUntil("the event sound is held", timeout: .seconds(20)) { try await rig.isMuted("bell") == true }

        // An agent that restarts keeps the user's switch.
        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
        try await waitUntil("the stopped agent gave the event sound back", timeout: .seconds(20)) { try await rig.isMuted("bell") == false }
        daemon = try await rig.startAgent()
        try await waitUntil("the restarted agent holds the event sound again", timeout: .seconds(20)) { try await rig.isMuted("bell") == true }
        let json = try await rig.ctl(["dnd", "--json"])
        #expect(json.standardOutput.contains("\"do_not_disturb\":true") && json.standardOutput.contains("[\"user\"]"), "\(json)")

        // A notification daemon's do-not-disturb stays on when the user's switch goes off.
        let notifications = try BusConnection(address: rig.bus.address)
        defer { notifications.close() }
        _ = try await notifications.requestName("org.freedesktop.Notifications")
        try notifications.emitPropertiesChanged(
            path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications", changed: ["Inhibited": .boolean(true)])
        try await waitUntil("both sources are on", timeout: .seconds(20)) {
            try await rig.ctl(["dnd"]).standardOutput == "do-not-disturb: on (user, notification-daemon)\n"
        }
        let userOff = try await rig.ctl(["dnd", "off"])
        #expect(userOff.standardOutput == "do-not-disturb: on (notification-daemon)\n", "\(userOff)")
        #expect(try await rig.isMuted("bell") == true, "the daemon's do-not-disturb still holds it")
        try notifications.emitPropertiesChanged(
            path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications", changed: ["Inhibited": .boolean(false)])
        try await waitUntil("the event sound is heard", timeout: .seconds(20)) { try await rig.isMuted("bell") == false }

        let wrong = try await rig.ctl(["dnd", "maybe"])
        #expect(wrong.status == 64 && wrong.standardError.contains("on") && wrong.standardError.contains("off"), "\(wrong)")
        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
    }

    @Test("GNOME's show-banners = false, read through a desktop portal stand-in at start and followed after, holds an event sound")
    func gnomeShowBanners() async throws {
        let rig = try await DesktopRig.start(systemBus: .missing)
        defer { rig.stop() }
        // The desktop portal's Settings interface as xdg-desktop-portal serves it, with GNOME's
        // do-not-disturb on from the start (show-banners false).
        let portal = try BusConnection(address: rig.bus.address)
        defer { portal.close() }
        let showBanners = Mutex(false)
        try portal.export(
            BusObject(
                path: "/org/freedesktop/portal/desktop",
                interfaces: [
                    BusInterface(
                        "org.freedesktop.portal.Settings",
                        methods: [
                            .sync("ReadOne") { call in
                                guard call.arguments.values == [.string("org.gnome.desktop.notifications"), .string("show-banners")] else {
                                    throw BusError(.failed, "no such setting")
                                }
                                return [.variant(.boolean(showBanners.withLock { $0 }))]
                            }
                        ])
                ]))
        _ = try await portal.requestName("org.freedesktop.portal.Desktop")
        let daemon = try await rig.startAgent()
        defer { daemon.kill() }
        let tone = try ToneFile.sine(frequency: 880, seconds: 120, in: rig.binary.scratch, name: "bell.wav")
        let bell = try rig.pulse.spawn("paplay", ["--property=media.name=bell", "--property=media.role=event", tone])
        defer { bell.kill() }
        try await waitUntil("the event sound is held from its start", timeout: .seconds(30)) { try await rig.isMuted("bell") == true }
        let on = try await rig.ctl(["dnd"])
        #expect(on.standardOutput == "do-not-disturb: on (gnome)\n", "\(on)")

        showBanners.withLock { $0 = true }
        try portal.emitSignal(
            path: "/org/freedesktop/portal/desktop", interface: "org.freedesktop.portal.Settings", name: "SettingChanged",
            arguments: [.string("org.gnome.desktop.notifications"), .string("show-banners"), .variant(.boolean(true))])
        try await waitUntil("the event sound is heard once banners show", timeout: .seconds(20)) { try await rig.isMuted("bell") == false }
        #expect(try await rig.ctl(["dnd"]).standardOutput == "do-not-disturb: off\n")
        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
    }
}
