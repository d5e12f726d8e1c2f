import AudioSessionModel
import Testing

@testable import AudioPolicy

/// The user muting an input on the server interrupts the active sessions that record from it
/// with `built-in-mic-muted` (iOS's `builtInMicMuted`); unmuting ends the interruption with
/// should-resume. Sessions that only play, record elsewhere or are inactive are left alone.
@Suite struct InputDeviceMuteTests {
    static var mutedMic: DeviceInfo {
        var mic = RoutingRig.mic
        mic.isMuted = true
        return mic
    }

    static func rig() throws -> RoutingRig {
        var rig = RoutingRig()
        rig.handle(.deviceAdded(RoutingRig.headsetMic))
        try rig.activeSession("call", .playAndRecord, mode: .voiceChat)
        rig.stream("call-out", session: "call", on: RoutingRig.speaker)
        rig.stream("call-in", .capture, session: "call", on: RoutingRig.mic)
        try rig.activeSession("music", .playback, options: [.mixWithOthers])
        rig.stream("music-out", session: "music", on: RoutingRig.speaker)
        try rig.activeSession("headset-memo", .playAndRecord, options: [.mixWithOthers])
        rig.stream("memo-in", .capture, session: "headset-memo", on: RoutingRig.headsetMic)
        rig.handle(.sessionRegistered("idle-recorder", app: AppIdentity(applicationID: "idle-recorder")))
        rig.handle(.sessionConfigured("idle-recorder", try SessionConfiguration(category: .record)))
        return rig
    }

    @Test func mutingTheInputInterruptsTheSessionsRecordingFromIt() throws {
        var rig = try Self.rig()
        let decisions = rig.handle(.deviceAdded(Self.mutedMic))
        let began = decisions.filter { if case .interruptionBegan = $0 { true } else { false } }
        #expect(began == [.interruptionBegan("call", reason: .builtInMicMuted, because: Explanation(rule: "its input Microphone was muted"))])
        #expect(rig.engine.activity(of: "call") == .interrupted)
        #expect(rig.engine.effects(on: "call-in") == .silenced(.interruption))
        #expect(rig.engine.effects(on: "call-out") == .silenced(.interruption))
        #expect(rig.engine.activity(of: "music") == .active)
        #expect(rig.engine.activity(of: "headset-memo") == .active)
        #expect(rig.engine.activity(of: "idle-recorder") == .inactive)
        #expect(rig.engine.effects(on: "music-out") == .playing)
    }

    @Test func unmutingEndsTheInterruptionWithShouldResume() throws {
        var rig = try Self.rig()
        rig.handle(.deviceAdded(Self.mutedMic))
        let decisions = rig.handle(.deviceAdded(RoutingRig.mic))
        #expect(decisions.contains(.interruptionEnded("call", shouldResume: true, because: Explanation(rule: "its input Microphone was unmuted"))))
        #expect(rig.engine.activity(of: "call") == .inactive)
        #expect(rig.engine.effects(on: "call-in") == .playing)
        #expect(rig.engine.effects(on: "call-out") == .playing)
    }

    @Test func aSessionWithoutCaptureStreamsCountsTheInputItWouldRecordFrom() throws {
        var rig = RoutingRig()
        try rig.activeSession("memo", .record)
        let decisions = rig.handle(.deviceAdded(Self.mutedMic))
        #expect(decisions.contains { if case .interruptionBegan("memo", .builtInMicMuted, _) = $0 { true } else { false } })
    }

    @Test func aNewPolicyKeepsTheInterruptionUntilTheInputIsUnmuted() throws {
        var rig = try Self.rig()
        rig.handle(.deviceAdded(Self.mutedMic))
        rig.handle(.policyReplaced(rig.engine.state.policy))
        #expect(rig.engine.activity(of: "call") == .interrupted)
        #expect(rig.engine.effects(on: "call-in") == .silenced(.interruption))
        let decisions = rig.handle(.deviceAdded(RoutingRig.mic))
        #expect(decisions.contains { if case .interruptionEnded("call", true, _) = $0 { true } else { false } })
    }

    @Test func explainSaysTheInputIsMuted() throws {
        var rig = try Self.rig()
        let decisions = rig.handle(.deviceAdded(Self.mutedMic))
        let silence = decisions.first { $0.stream == "call-in" }
        #expect(silence?.explanation.rule == "interruption: session call interrupted: its input source:mic is muted")
    }
}
