import AudioPolicy
import AudioSessionBus
import AudioSessionContract
import AudioSessionModel

// The session's yes-or-no preferences (AVAudioSession's `setPrefersInterruptionOnRouteDisconnect`
// and the like): owner-only like every per-session call. Each is a fact of the engine's session;
// the policy decides whether it counts. They end with the session.
extension AgentBusService {
    /// `SetSessionPreference`: sets or clears the preference named `name`; an unknown name is
    /// refused with `UnknownName`, listing the accepted ones.
    func setSessionPreference(_ id: SessionID, _ name: String, _ value: Bool, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        try ownedSessionCall(call, id) { () throws(BusError) -> PolicyEvent in
            guard let preference = SessionPreference(kebabName: name) else {
                throw BusError(
                    .unknownName,
                    "unknown session preference \"\(UntrustedText.excerpt(name))\"; accepted: "
                        + SessionPreference.acceptedNames.joined(separator: ", "))
            }
            return .sessionPreferenceChanged(id, preference, value)
        }
        return []
    }
}
