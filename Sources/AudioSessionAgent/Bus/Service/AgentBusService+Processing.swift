import AudioPolicy
import AudioSessionBus
import AudioSessionContract

// Which processing the session's input goes through: open to every connection, like
// ListSessions, so `audiosessionctl status` can show it; a sandboxed caller sees only its own
// sessions (QueryScope), and of the others it learns no more than of a session that does not exist.
extension AgentBusService {
    /// The wire name of unprocessed input.
    static let noProcessing = "none"
    /// The wire name of input through an echo canceller.
    static let echoCancellation = "echo-cancellation"

    /// `GetInputProcessing(session) -> (processing, canceller)`: `none` and `""`, or
    /// `echo-cancellation` and the canceller that really runs (`speex` or `webrtc`; pipewire-pulse
    /// runs WebRTC whatever the policy names).
    func inputProcessing(_ id: SessionID, in scope: QueryScope) throws(BusError) -> BusArguments {
        let found = coordinator.read { view -> (known: Bool, canceller: EchoCancellerKind?) in
            (view.registry[id].map(scope.includes) ?? false, view.engine.echoCanceller(of: id)?.settings.kind)
        }
        guard found.known else {
            throw BusError(.noSuchSession, "no session \(UntrustedText.excerpt(id.rawValue)); ListSessions shows the live ones")
        }
        guard let kind = found.canceller else { return InputProcessingReply(processing: Self.noProcessing, canceller: "").arguments }
        let runsWebRTCOnly = status.current.server.lowercased().contains("pipewire")
        let canceller = runsWebRTCOnly ? EchoCancellerKind.webrtc : kind
        return InputProcessingReply(processing: Self.echoCancellation, canceller: canceller.rawValue).arguments
    }
}
