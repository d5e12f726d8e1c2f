import AudioSessionModel
import Testing

@testable import AudioPolicy

/// Do-not-disturb holds notification sounds (role `notification`, `event` included) under
/// `hold-notifications-during-dnd`; they are heard again when it ends. Other sounds play on.
@Suite("Engine: do-not-disturb")
struct DoNotDisturbTests {
    static let on = PolicyEvent.desktopChanged(DesktopState(doNotDisturb: true))
    static let off = PolicyEvent.desktopChanged(DesktopState(doNotDisturb: false))

    static func rig(hold: Bool = true) -> RoutingRig {
        var rig = RoutingRig()
        var policy = rig.engine.state.policy
        policy.desktop.holdNotificationsDuringDoNotDisturb = hold
        rig.handle(.policyReplaced(policy))
        rig.stream("bell", role: "event", on: RoutingRig.speaker)
        rig.stream("song", role: "music", on: RoutingRig.speaker)
        return rig
    }

    @Test("do-not-disturb holds an event sound, not music; its end lets the sound be heard")
    func holdAndRelease() {
        var rig = Self.rig()
        let holding = rig.handle(Self.on)
        #expect(rig.engine.effects(on: "bell") == .silenced(.doNotDisturb), "\(holding)")
        #expect(rig.engine.effects(on: "song") == .playing)
        #expect(rig.engine.explanation(of: "bell")?.description.contains("hold-notifications-during-dnd") == true)
        let releasing = rig.handle(Self.off)
        #expect(releasing.contains(.unsilence("bell", resume: true, because: Explanation(rule: "do-not-disturb ended"))), "\(releasing)")
        #expect(rig.engine.effects(on: "bell") == .playing)
    }

    @Test("a notification that starts during do-not-disturb is held from its start")
    func newNotification() {
        var rig = Self.rig()
        rig.handle(Self.on)
        rig.stream("ping", role: "notification", on: RoutingRig.speaker)
        #expect(rig.engine.effects(on: "ping") == .silenced(.doNotDisturb))
    }

    @Test("hold-notifications-during-dnd = false: do-not-disturb holds nothing")
    func settingOff() {
        var rig = Self.rig(hold: false)
        #expect(rig.handle(Self.on).isEmpty)
        #expect(rig.engine.effects(on: "bell") == .playing)
    }
}
