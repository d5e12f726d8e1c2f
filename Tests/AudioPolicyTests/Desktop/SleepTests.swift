import AudioSessionModel
import Testing

@testable import AudioPolicy

/// The system's sleep: every active session is interrupted with `app-was-suspended`, its streams
/// silenced; the wake ends those interruptions (should-resume as `resume-after-sleep` says) and
/// tells every session its route with `wake-from-sleep`.
@Suite("Engine: system sleep and wake")
struct SleepTests {
    static let asleep = PolicyEvent.desktopChanged(DesktopState(isSleeping: true))
    static let awake = PolicyEvent.desktopChanged(DesktopState(isSleeping: false))

    /// A desk with a music player's session playing on the speaker.
    static func rig(resumeAfterSleep: Bool = true) throws -> RoutingRig {
        var rig = RoutingRig()
        var policy = rig.engine.state.policy
        policy.desktop.resumeAfterSleep = resumeAfterSleep
        rig.handle(.policyReplaced(policy))
        try rig.activeSession("player", .playback)
        rig.stream("song", session: "player", on: RoutingRig.speaker)
        return rig
    }

    static func began(_ decisions: [PolicyDecision]) -> [SessionID: InterruptionReason] {
        var began: [SessionID: InterruptionReason] = [:]
        for case .interruptionBegan(let id, let reason, _) in decisions { began[id] = reason }
        return began
    }

    static func ended(_ decisions: [PolicyDecision]) -> [SessionID: Bool] {
        var ended: [SessionID: Bool] = [:]
        for case .interruptionEnded(let id, let shouldResume, _) in decisions { ended[id] = shouldResume }
        return ended
    }

    static func routeReasons(_ decisions: [PolicyDecision]) -> [SessionID: RouteChangeReason] {
        var reasons: [SessionID: RouteChangeReason] = [:]
        for case .routeChanged(let id, let reason, _, _, _) in decisions { reasons[id] = reason }
        return reasons
    }

    @Test("sleep interrupts an active session with app-was-suspended and silences its stream; wake resumes it")
    func sleepAndWake() throws {
        var rig = try Self.rig()
        let sleeping = rig.handle(Self.asleep)
        #expect(Self.began(sleeping) == ["player": .appWasSuspended], "\(sleeping)")
        #expect(rig.engine.effects(on: "song") == .silenced(.interruption))
        #expect(rig.engine.explanation(of: "song")?.description.contains("silenced: its session is interrupted while the system sleeps") == true)

        let waking = rig.handle(Self.awake)
        #expect(Self.ended(waking) == ["player": true], "\(waking)")
        #expect(Self.routeReasons(waking) == ["player": .wakeFromSleep], "\(waking)")
        #expect(waking.contains(.unsilence("song", resume: true, because: Explanation(rule: "the system woke"))), "\(waking)")
        #expect(rig.engine.effects(on: "song") == .playing)
    }

    @Test("resume-after-sleep = false: the interruption ends without should-resume")
    func noResume() throws {
        var rig = try Self.rig(resumeAfterSleep: false)
        rig.handle(Self.asleep)
        let waking = rig.handle(Self.awake)
        #expect(Self.ended(waking) == ["player": false], "\(waking)")
        #expect(waking.contains(.unsilence("song", resume: false, because: Explanation(rule: "the system woke"))), "\(waking)")
    }

    @Test("an inactive session is not interrupted but is told its route on wake")
    func inactiveSession() throws {
        var rig = try Self.rig()
        rig.handle(.sessionRegistered("idle", app: AppIdentity(applicationID: "idle")))
        rig.handle(.sessionConfigured("idle", try SessionConfiguration(category: .playback)))
        let sleeping = rig.handle(Self.asleep)
        #expect(Self.began(sleeping)["idle"] == nil)
        let waking = rig.handle(Self.awake)
        #expect(Self.ended(waking)["idle"] == nil)
        #expect(Self.routeReasons(waking)["idle"] == .wakeFromSleep, "\(waking)")
    }

    @Test("a session interrupted by another stays interrupted through the sleep, and ends only at the wake")
    func interruptedStaysHeld() throws {
        var rig = try Self.rig()
        try rig.activeSession("call", .playAndRecord, mode: .voiceChat)
        #expect(rig.engine.effects(on: "song") == .silenced(.interruption))
        let sleeping = rig.handle(Self.asleep)
        // The player was already interrupted: only the call hears of the sleep, and the call
        // stopping does not let the player resume while the system sleeps.
        #expect(Self.began(sleeping) == ["call": .appWasSuspended], "\(sleeping)")
        #expect(Self.ended(sleeping).isEmpty, "\(sleeping)")
        #expect(rig.engine.effects(on: "song") == .silenced(.interruption))

        let waking = rig.handle(Self.awake)
        #expect(Self.ended(waking) == ["player": true, "call": true], "\(waking)")
    }

    @Test("a session activating during the sleep is active and no longer held")
    func activationWhileAsleep() throws {
        var rig = try Self.rig()
        rig.handle(Self.asleep)
        rig.handle(.sessionActivated("player"))
        #expect(rig.engine.effects(on: "song") == .playing)
        let waking = rig.handle(Self.awake)
        #expect(Self.ended(waking).isEmpty, "\(waking)")
    }

    @Test("a policy reload during the sleep keeps the sessions held")
    func reloadWhileAsleep() throws {
        var rig = try Self.rig()
        rig.handle(Self.asleep)
        let reloaded = rig.handle(.policyReplaced(rig.engine.state.policy))
        #expect(Self.ended(reloaded).isEmpty, "\(reloaded)")
        #expect(rig.engine.effects(on: "song") == .silenced(.interruption))
        let waking = rig.handle(Self.awake)
        #expect(Self.ended(waking) == ["player": true], "\(waking)")
    }

    @Test("a repeated sleep or wake report changes nothing")
    func repeatedReports() throws {
        var rig = try Self.rig()
        rig.handle(Self.asleep)
        #expect(rig.handle(Self.asleep).isEmpty)
        rig.handle(Self.awake)
        #expect(rig.handle(Self.awake).isEmpty)
    }

    @Test("with the policy disabled, sleep interrupts nobody")
    func disabledPolicy() throws {
        var rig = try Self.rig()
        var policy = rig.engine.state.policy
        policy.enabled = false
        rig.handle(.policyReplaced(policy))
        #expect(Self.began(rig.handle(Self.asleep)).isEmpty)
    }
}
