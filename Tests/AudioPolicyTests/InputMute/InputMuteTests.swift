import AudioSessionModel
import Testing

@testable import AudioPolicy

/// The app's input mute (`setInputMuted`): every capture stream of its session silenced, those
/// that appear later too, its playback and other apps' input left alone, undone by unmuting and
/// by the session's end.
@Suite struct InputMuteTests {
    /// A play-and-record session with a playback and a capture stream, and another app's capture stream.
    static func rig() throws -> RoutingRig {
        var rig = RoutingRig()
        try rig.activeSession("call", .playAndRecord)
        rig.stream("out", session: "call", on: RoutingRig.speaker)
        rig.stream("in", .capture, session: "call", on: RoutingRig.mic)
        rig.stream("other-in", .capture, on: RoutingRig.mic)
        return rig
    }

    @Test func mutingSilencesTheSessionsCaptureStreamsOnly() throws {
        var rig = try Self.rig()
        let decisions = rig.handle(.inputMuteChanged("call", muted: true))
        #expect(decisions == [.silence("in", cause: .inputMuted, because: Explanation(rule: "input muted by its app", source: .session("call")))])
        #expect(rig.engine.effects(on: "in") == .silenced(.inputMuted))
        #expect(rig.engine.effects(on: "out") == .playing)
        #expect(rig.engine.effects(on: "other-in") == .playing)
        #expect(rig.engine.isInputMuted(session: "call") == true)
    }

    @Test func aCaptureStreamOpenedWhileMutedStartsSilenced() throws {
        var rig = try Self.rig()
        rig.handle(.inputMuteChanged("call", muted: true))
        let decisions = rig.stream("in-2", .capture, session: "call", on: RoutingRig.mic)
        #expect(decisions.contains { if case .silence("in-2", .inputMuted, _) = $0 { true } else { false } })
        #expect(rig.engine.effects(on: "in-2") == .silenced(.inputMuted))
    }

    @Test func unmutingUnsilencesAndMutingTwiceDecidesNothing() throws {
        var rig = try Self.rig()
        rig.handle(.inputMuteChanged("call", muted: true))
        #expect(rig.handle(.inputMuteChanged("call", muted: true)).isEmpty)
        let decisions = rig.handle(.inputMuteChanged("call", muted: false))
        #expect(decisions.count == 1)
        guard case .unsilence("in", _, let why)? = decisions.first else {
            Issue.record("expected the capture stream's unsilence, got \(decisions)")
            return
        }
        #expect(why.rule == "the app unmuted its input")
        #expect(rig.engine.effects(on: "in") == .playing)
        #expect(rig.engine.isInputMuted(session: "call") == false)
    }

    @Test func theSessionsEndUndoesTheMute() throws {
        var rig = try Self.rig()
        rig.handle(.inputMuteChanged("call", muted: true))
        let decisions = rig.handle(.sessionEnded("call"))
        #expect(decisions.contains { if case .unsilence("in", _, _) = $0 { true } else { false } })
        #expect(rig.engine.effects(on: "in") == .playing)
        #expect(rig.engine.isInputMuted(session: "call") == nil)
    }

    @Test func theMuteHoldsWhileThePolicyIsDisabled() throws {
        var rig = RoutingRig()
        var policy = rig.engine.state.policy
        policy.enabled = false
        rig.handle(.policyReplaced(policy))
        try rig.activeSession("call", .record)
        rig.stream("in", .capture, session: "call", on: RoutingRig.mic)
        rig.handle(.inputMuteChanged("call", muted: true))
        #expect(rig.engine.effects(on: "in") == .silenced(.inputMuted))
    }

    @Test func anInterruptionOverAMuteChangesNothingOnTheServerAndTheMuteOutlastsIt() throws {
        var rig = try Self.rig()
        rig.handle(.inputMuteChanged("call", muted: true))
        try rig.activeSession("phone", .playAndRecord, mode: .voiceChat)
        #expect(rig.engine.effects(on: "in") == .silenced(.interruption))
        let ended = rig.handle(.sessionDeactivated("phone", notifyOthers: true))
        #expect(!ended.contains { $0.stream == "in" })
        #expect(rig.engine.effects(on: "in") == .silenced(.inputMuted))
    }

    @Test func aNewPolicyKeepsTheMute() throws {
        var rig = try Self.rig()
        rig.handle(.inputMuteChanged("call", muted: true))
        let decisions = rig.handle(.policyReplaced(rig.engine.state.policy))
        #expect(!decisions.contains { $0.stream == "in" }, "\(decisions)")
        #expect(rig.engine.effects(on: "in") == .silenced(.inputMuted))
        #expect(rig.engine.isInputMuted(session: "call") == true)
    }

    @Test func explainSaysTheAppMutedItsInput() throws {
        var rig = try Self.rig()
        rig.handle(.inputMuteChanged("call", muted: true))
        let text = try #require(rig.engine.explanation(of: "in")).description
        #expect(text.contains("silenced: its app muted its input (setInputMuted)"))
    }
}
