import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Foundation
import Testing

/// The screen lock, with the real agent binary on private PulseAudio and a private session bus,
/// logind's stand-in on a private system bus and a screen saver's `ActiveChanged` on the session bus.
@Suite("audiosessiond silences ambient sessions while the screen is locked", .serialized)
struct ScreenLockTests {
    @Test("an ambient app's stream is muted on the server while logind or the screen saver says locked, and heard after; a playback app plays on")
    func lockAndUnlock() async throws {
        let rig = try await DesktopRig.start(systemBus: .logindStandIn)
        defer { rig.stop() }
        let login1 = try #require(rig.login1)
        let daemon = try await rig.startAgent()
        defer { daemon.kill() }
        let chimes = try ToneFile.sine(frequency: 880, seconds: 120, in: rig.binary.scratch, name: "chimes.wav")
        let song = try ToneFile.sine(frequency: 440, seconds: 120, in: rig.binary.scratch, name: "song.wav")
        let game = try rig.binary.spawnCtl(
            ["run", "--category", "ambient", "--", "paplay", "--property=media.name=chimes", chimes], bus: rig.bus, pulse: rig.pulse)
        defer { game.kill() }
        let player = try rig.binary.spawnCtl(
            ["run", "--category", "playback", "--option", "mix-with-others", "--", "paplay", "--property=media.name=song", song],
            bus: rig.bus, pulse: rig.pulse)
        defer { player.kill() }
        try await waitUntil("both streams play unmuted", timeout: .seconds(30)) {
            guard game.isRunning, player.isRunning else { throw DaemonExited(output: game.standardError + player.standardError) }
            let chimesMuted = try await rig.isMuted("chimes")
            let songMuted = try await rig.isMuted("song")
            return chimesMuted == false && songMuted == false
        }

        // logind: the display session's LockedHint.
        try await login1.setLocked(true)
        try await waitUntil("the ambient stream is muted while locked", timeout: .seconds(20)) { try await rig.isMuted("chimes") == true }
        #expect(try await rig.isMuted("song") == false, "the playback app plays on")
        try await login1.setLocked(false)
        try await waitUntil("the ambient stream is heard after unlock", timeout: .seconds(20)) { try await rig.isMuted("chimes") == false }

        // A screen saver on the session bus.
        let screenSaver = try BusConnection(address: rig.bus.address)
        defer { screenSaver.close() }
        _ = try await screenSaver.requestName("org.freedesktop.ScreenSaver")
        try screenSaver.emitSignal(
            path: "/org/freedesktop/ScreenSaver", interface: "org.freedesktop.ScreenSaver", name: "ActiveChanged",
            arguments: [.boolean(true)])
        try await waitUntil("the ambient stream is muted while the screen saver is active", timeout: .seconds(20)) {
            try await rig.isMuted("chimes") == true
        }
        #expect(try await rig.isMuted("song") == false)
        try screenSaver.emitSignal(
            path: "/org/freedesktop/ScreenSaver", interface: "org.freedesktop.ScreenSaver", name: "ActiveChanged",
            arguments: [.boolean(false)])
        try await waitUntil("the ambient stream is heard after the screen saver ends", timeout: .seconds(20)) {
            try await rig.isMuted("chimes") == false
        }

        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
    }
}
