import AudioSessionModel
import Testing

@testable import AudioPolicy

/// pipewire-pulse reports a stream before it is linked (no device yet): the policy's move
/// decided then has nothing to move from. Found on a real server (a call stayed on the speaker).
@Suite struct UnlinkedStreamRoutingTests {
    @Test("a call stream reported before its first device is moved to the headset once it has one, and is not taken for user-routed")
    func firstDeviceIsNotAUserChoice() throws {
        var rig = RoutingRig()
        rig.handle(.deviceAdded(RoutingRig.headphones))
        rig.handle(.defaultDeviceChanged(.playback, RoutingRig.speaker.id))
        try rig.activeSession("call", .playAndRecord, mode: .voiceChat)
        rig.handle(
            .streamAppeared(StreamInfo(id: "voice", direction: .playback, properties: [:], session: "call", isSounding: true)))
        // The server links it to its default; the policy moves it to the headphones now.
        #expect(rig.serverMoves("voice", to: RoutingRig.speaker).texts.contains("move voice sink:headphones"))
        // And the server carrying the move out is not a user's choice: the call ends, the stream goes back.
        rig.serverMoves("voice", to: RoutingRig.headphones)
        #expect(rig.handle(.sessionDeactivated("call", notifyOthers: true)).texts.contains("unmove voice"))
    }

    @Test("a policy-moved stream that is unlinked for a moment on its way is still the policy's, not user-routed")
    func unlinkedOnTheWay() throws {
        var rig = RoutingRig()
        rig.handle(.deviceAdded(RoutingRig.headphones))
        rig.handle(.defaultDeviceChanged(.playback, RoutingRig.speaker.id))
        try rig.activeSession("call", .playAndRecord, mode: .voiceChat)
        rig.stream("voice", session: "call", on: RoutingRig.speaker)
        guard var info = rig.engine.state.streams["voice"]?.info else { throw Unlinked() }
        info.device = nil
        rig.handle(.streamChanged(info))
        rig.serverMoves("voice", to: RoutingRig.headphones)
        #expect(rig.handle(.sessionDeactivated("call", notifyOthers: true)).texts.contains("unmove voice"))
    }

    private struct Unlinked: Error {}

    @Test("a user's move away from where the policy put a linked stream still counts as the user's choice")
    func laterMoveIsTheUsers() throws {
        var rig = RoutingRig()
        rig.handle(.deviceAdded(RoutingRig.headphones))
        rig.handle(.defaultDeviceChanged(.playback, RoutingRig.speaker.id))
        try rig.activeSession("call", .playAndRecord, mode: .voiceChat)
        rig.stream("voice", session: "call", on: RoutingRig.speaker)
        rig.serverMoves("voice", to: RoutingRig.headphones)
        #expect(!rig.serverMoves("voice", to: RoutingRig.speaker).texts.contains("move voice sink:headphones"))
    }
}
