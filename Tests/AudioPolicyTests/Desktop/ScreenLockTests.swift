import AudioSessionModel
import Testing

@testable import AudioPolicy

/// A locked screen silences ambient and solo-ambient sessions (`silence-ambient-when-locked`),
/// as AVAudioSession does; they play again on unlock. Other categories play on.
@Suite("Engine: screen lock")
struct ScreenLockTests {
    static let locked = PolicyEvent.desktopChanged(DesktopState(isLocked: true))
    static let unlocked = PolicyEvent.desktopChanged(DesktopState(isLocked: false))

    /// A desk with an ambient game, a solo-ambient app and a music player, each playing a stream.
    static func rig(silenceAmbientWhenLocked: Bool = true) throws -> RoutingRig {
        var rig = RoutingRig()
        var policy = rig.engine.state.policy
        policy.desktop.silenceAmbientWhenLocked = silenceAmbientWhenLocked
        rig.handle(.policyReplaced(policy))
        try rig.activeSession("game", .ambient)
        rig.stream("chimes", session: "game", on: RoutingRig.speaker)
        rig.handle(.sessionRegistered("loop", app: AppIdentity(applicationID: "loop")))
        rig.handle(.sessionConfigured("loop", try SessionConfiguration(category: .soloAmbient)))
        rig.stream("drone", session: "loop", on: RoutingRig.speaker)
        try rig.activeSession("player", .playback, options: [.mixWithOthers])
        rig.stream("song", session: "player", on: RoutingRig.speaker)
        return rig
    }

    @Test("locking silences the ambient and solo-ambient streams, not the music; unlocking lets them play and resume")
    func lockAndUnlock() throws {
        var rig = try Self.rig()
        let locking = rig.handle(Self.locked)
        #expect(rig.engine.effects(on: "chimes") == .silenced(.screenLocked), "\(locking)")
        #expect(rig.engine.effects(on: "drone") == .silenced(.screenLocked), "\(locking)")
        #expect(rig.engine.effects(on: "song") == .playing)
        #expect(!locking.contains { $0.session != nil }, "no session is told: \(locking)")
        #expect(rig.engine.explanation(of: "chimes")?.description.contains("silence-ambient-when-locked") == true)

        let unlocking = rig.handle(Self.unlocked)
        #expect(unlocking.contains(.unsilence("chimes", resume: true, because: Explanation(rule: "the screen was unlocked"))), "\(unlocking)")
        #expect(rig.engine.effects(on: "chimes") == .playing)
        #expect(rig.engine.effects(on: "drone") == .playing)
    }

    @Test("silence-ambient-when-locked = false: the lock silences nothing")
    func settingOff() throws {
        var rig = try Self.rig(silenceAmbientWhenLocked: false)
        #expect(rig.handle(Self.locked).isEmpty)
        #expect(rig.engine.effects(on: "chimes") == .playing)
    }

    @Test("a session that becomes ambient while the screen is locked falls silent; one that stops being ambient plays")
    func categoryChangeWhileLocked() throws {
        var rig = try Self.rig()
        rig.handle(Self.locked)
        rig.handle(.sessionConfigured("player", try SessionConfiguration(category: .ambient)))
        #expect(rig.engine.effects(on: "song") == .silenced(.screenLocked))
        rig.handle(.sessionConfigured("game", try SessionConfiguration(category: .playback, options: [.mixWithOthers])))
        #expect(rig.engine.effects(on: "chimes") == .playing)
    }

    @Test("a stream an ambient session opens while the screen is locked starts silenced")
    func newStreamWhileLocked() throws {
        var rig = try Self.rig()
        rig.handle(Self.locked)
        let decisions = rig.stream("more", session: "game", on: RoutingRig.speaker)
        #expect(rig.engine.effects(on: "more") == .silenced(.screenLocked), "\(decisions)")
    }

    @Test("a policy reload while locked keeps the ambient streams silenced")
    func reloadWhileLocked() throws {
        var rig = try Self.rig()
        rig.handle(Self.locked)
        rig.handle(.policyReplaced(rig.engine.state.policy))
        #expect(rig.engine.effects(on: "chimes") == .silenced(.screenLocked))
    }
}
