import AudioSessionModel
import Testing

@testable import AudioPolicy

/// A new policy (SIGHUP, `audiosessionctl app set`) replays the facts into a fresh engine: what an
/// app chose for its own session is no rule of the policy and must survive it.
@Suite("Engine: a new policy keeps each session's own choices")
struct PolicyReplacementChoicesTests {
    @Test("the preferred input, the speaker override and the echo-cancellation request outlast a reload")
    func choicesOutlastAReload() throws {
        var rig = RoutingRig(voiceProcessing: .init(enabled: true))
        rig.handle(.deviceAdded(RoutingRig.headphones))
        rig.handle(.deviceAdded(RoutingRig.headsetMic))
        try rig.activeSession("call", .playAndRecord)
        rig.handle(.preferredInputChanged("call", RoutingRig.headsetMic.id))
        rig.handle(.outputOverridden("call", toSpeaker: true))
        rig.handle(.echoCancellationPreferred("call", true))
        let before = try #require(rig.engine.state.sessions["call"])
        #expect(before.preferredInput == RoutingRig.headsetMic.id)

        let decisions = rig.handle(.policyReplaced(rig.engine.state.policy))
        let after = try #require(rig.engine.state.sessions["call"])
        #expect(after.preferredInput == RoutingRig.headsetMic.id)
        #expect(after.speakerOverride)
        #expect(after.echoCancellationRequest == true)
        #expect(!decisions.contains { if case .routeChanged = $0 { true } else { false } }, "\(decisions)")
    }
}
