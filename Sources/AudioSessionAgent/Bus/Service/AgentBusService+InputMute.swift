import AudioPolicy
import AudioSessionBus
import AudioSessionContract

// The app's input mute (AVAudioApplication's `setInputMuted`): owner-only like every per-session
// call. The mute is a fact of the engine's session; its capture streams are silenced through the
// same decisions, journal and undoing as every other silence.
extension AgentBusService {
    /// `SetInputMuted`: mutes or unmutes every capture stream of the session, those that appear
    /// later too. Any session may: one that does not record has nothing to mute yet.
    func setInputMuted(_ id: SessionID, _ muted: Bool, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        let outcome = coordinator.transact { registry -> (Result<Void, BusError>, [PolicyEvent]) in
            do throws(SessionRegistryError) {
                _ = try registry.session(id, ownedBy: call.sender)
            } catch {
                return (.failure(BusError(error)), [])
            }
            return (.success(()), [.inputMuteChanged(id, muted: muted)])
        }
        try outcome.0.get()
        return []
    }

    /// `IsInputMuted`: whether the session's input is muted.
    func isInputMuted(_ id: SessionID, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        let found = coordinator.read { view -> Result<Bool, SessionRegistryError> in
            Result { () throws(SessionRegistryError) in
                _ = try view.registry.session(id, ownedBy: call.sender)
                return view.engine.isInputMuted(session: id) ?? false
            }
        }
        do {
            return [.boolean(try found.get())]
        } catch {
            throw BusError(error)
        }
    }
}
