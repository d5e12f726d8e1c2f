import AudioSessionModel
import Testing

@testable import AudioPolicy

/// `prefersNoInterruptionsFromSystemAlerts` and `allowHapticsAndSystemSoundsDuringRecording`:
/// a session that prefers no alerts is neither ducked nor interrupted by notification and alert
/// streams; a recording session that allows system sounds leaves them audible where
/// `record-silences-output` silences other output. The policy's `honour-no-alert-interruptions`
/// and `honour-system-sounds-during-recording` can ignore the asking.
@Suite struct SystemSoundPreferenceTests {
    /// The routing desk with an alarm role that ducks others (as shipped) and a notification role
    /// that `notificationsInterrupt` makes non-mixable, a trigger and interruptible (a strict
    /// policy's), else the shipped mixable, non-interruptible one.
    static func rig(notificationsInterrupt: Bool = false, configure: (inout Policy.Interruption) -> Void = { _ in }) -> RoutingRig {
        var rig = RoutingRig()
        rig.engine.state.policy.roles[.alert] = RoleBehavior(
            category: .playback, options: [.mixWithOthers, .duckOthers], trigger: true, duckable: false, interruptible: false)
        rig.engine.state.policy.roles[.notification] =
            notificationsInterrupt
            ? RoleBehavior(category: .playback, trigger: true)
            : RoleBehavior(category: .playback, options: [.mixWithOthers], trigger: false, interruptible: false)
        configure(&rig.engine.state.policy.interruption)
        return rig
    }

    static func prefer(_ rig: inout RoutingRig, _ id: SessionID, _ preference: SessionPreference, _ value: Bool = true) {
        rig.handle(.sessionPreferenceChanged(id, preference, value))
    }

    // MARK: prefersNoInterruptionsFromSystemAlerts

    @Test func anAlarmDucksOthersButNotTheSessionThatPrefersNoAlerts() throws {
        var rig = Self.rig()
        try rig.activeSession("quiet", .playback, options: [.mixWithOthers])
        Self.prefer(&rig, "quiet", .noInterruptionsFromSystemAlerts)
        rig.stream("quiet-out", session: "quiet", on: RoutingRig.speaker)
        try rig.activeSession("plain", .playback, options: [.mixWithOthers])
        rig.stream("plain-out", session: "plain", on: RoutingRig.speaker)
        rig.stream("alarm", role: "alert", on: RoutingRig.speaker)
        #expect(rig.engine.effects(on: "plain-out") == .ducked(level: 0.3))
        #expect(rig.engine.effects(on: "quiet-out") == .playing)
    }

    @Test func preferringWhileTheAlarmSoundsLiftsTheDuckAndWithdrawingLowersItAgain() throws {
        var rig = Self.rig()
        try rig.activeSession("quiet", .playback, options: [.mixWithOthers])
        rig.stream("quiet-out", session: "quiet", on: RoutingRig.speaker)
        rig.stream("alarm", role: "alert", on: RoutingRig.speaker)
        #expect(rig.engine.effects(on: "quiet-out") == .ducked(level: 0.3))
        Self.prefer(&rig, "quiet", .noInterruptionsFromSystemAlerts)
        #expect(rig.engine.effects(on: "quiet-out") == .playing)
        Self.prefer(&rig, "quiet", .noInterruptionsFromSystemAlerts, false)
        #expect(rig.engine.effects(on: "quiet-out") == .ducked(level: 0.3))
    }

    @Test func aNotificationThatInterruptsSparesTheSessionThatPrefersNoAlerts() throws {
        for prefers in [false, true] {
            var rig = Self.rig(notificationsInterrupt: true)
            try rig.activeSession("player", .playback)
            Self.prefer(&rig, "player", .noInterruptionsFromSystemAlerts, prefers)
            rig.stream("player-out", session: "player", on: RoutingRig.speaker)
            let decisions = rig.stream("ding", role: "event", on: RoutingRig.speaker)
            let began = decisions.contains { if case .interruptionBegan("player", _, _) = $0 { true } else { false } }
            #expect(began == !prefers)
            #expect(rig.engine.activity(of: "player") == (prefers ? .active : .interrupted))
        }
    }

    @Test func aPolicyThatIgnoresTheAskingDucksAll() throws {
        var rig = Self.rig { $0.honourNoAlertInterruptions = false }
        try rig.activeSession("quiet", .playback, options: [.mixWithOthers])
        Self.prefer(&rig, "quiet", .noInterruptionsFromSystemAlerts)
        rig.stream("quiet-out", session: "quiet", on: RoutingRig.speaker)
        rig.stream("alarm", role: "alert", on: RoutingRig.speaker)
        #expect(rig.engine.effects(on: "quiet-out") == .ducked(level: 0.3))
    }

    // MARK: allowHapticsAndSystemSoundsDuringRecording

    /// A recorder active, with music, a notification and an alarm playing, under a policy whose
    /// notification and alert roles are interruptible (so recording would silence them).
    static func recordingRig(allows: Bool, configure: (inout Policy.Interruption) -> Void = { _ in }) throws -> RoutingRig {
        var rig = Self.rig(configure: configure)
        rig.engine.state.policy.roles[.notification]?.interruptible = true
        rig.engine.state.policy.roles[.alert]?.interruptible = true
        rig.handle(.sessionRegistered("memo", app: AppIdentity(applicationID: "memo")))
        rig.handle(.sessionConfigured("memo", try SessionConfiguration(category: .record)))
        if allows { Self.prefer(&rig, "memo", .systemSoundsDuringRecording) }
        rig.handle(.sessionActivated("memo"))
        rig.stream("memo-in", .capture, session: "memo", on: RoutingRig.mic)
        rig.stream("song", role: "music", on: RoutingRig.speaker)
        rig.stream("ding", role: "event", on: RoutingRig.speaker)
        return rig
    }

    @Test func recordingSilencesSystemSoundsUnlessTheAppAllowsThem() throws {
        let silenced = try Self.recordingRig(allows: false)
        #expect(silenced.engine.effects(on: "ding") == .silenced(.record))
        #expect(silenced.engine.effects(on: "song") == .silenced(.record))

        let allowed = try Self.recordingRig(allows: true)
        #expect(allowed.engine.effects(on: "ding") == .playing)
        #expect(allowed.engine.effects(on: "song") == .silenced(.record), "other output still falls silent")
    }

    @Test func allowingWhileRecordingLetsTheSoundThatPlaysThrough() throws {
        var rig = try Self.recordingRig(allows: false)
        Self.prefer(&rig, "memo", .systemSoundsDuringRecording)
        #expect(rig.engine.effects(on: "ding") == .playing)
        #expect(rig.engine.effects(on: "song") == .silenced(.record))
        Self.prefer(&rig, "memo", .systemSoundsDuringRecording, false)
        #expect(rig.engine.effects(on: "ding") == .silenced(.record))
    }

    @Test func aPolicyThatIgnoresTheAllowingSilencesThem() throws {
        let rig = try Self.recordingRig(allows: true) { $0.honourSystemSoundsDuringRecording = false }
        #expect(rig.engine.effects(on: "ding") == .silenced(.record))
    }
}
