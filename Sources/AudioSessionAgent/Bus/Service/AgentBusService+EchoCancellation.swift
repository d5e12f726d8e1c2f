import AudioPolicy
import AudioSessionBus
import AudioSessionContract
import AudioSessionModel

// Echo cancellation by the app's request: owner-only like every per-session call. The request is
// a fact of the session the engine weighs against the mode (`[voice-processing]`); the canceller
// then comes and goes through the same decisions as a call's.
extension AgentBusService {
    /// `SetPrefersEchoCancelledInput`: `true` is refused to a session that cannot record, or
    /// records in a mode that promises no processing; `false` is always taken.
    func setPrefersEchoCancelledInput(_ id: SessionID, _ prefers: Bool, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        let outcome = coordinator.transact { registry -> (Result<Void, BusError>, [PolicyEvent]) in
            let session: RegisteredSession
            do throws(SessionRegistryError) {
                session = try registry.session(id, ownedBy: call.sender)
            } catch {
                return (.failure(BusError(error)), [])
            }
            if prefers, let refusal = Self.echoCancellationRefusal(session) { return (.failure(refusal), []) }
            return (.success(()), [.echoCancellationPreferred(id, prefers)])
        }
        try outcome.0.get()
        return []
    }

    /// `IsEchoCancelledInputAvailable`: whether asking would give the session a canceller now
    /// (``PolicyEngine/isEchoCancelledInputAvailable(for:)``).
    func isEchoCancelledInputAvailable(_ id: SessionID, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        let found = coordinator.read { view -> Result<Bool, SessionRegistryError> in
            Result { () throws(SessionRegistryError) in
                _ = try view.registry.session(id, ownedBy: call.sender)
                return view.engine.isEchoCancelledInputAvailable(for: id)
            }
        }
        do {
            return [.boolean(try found.get())]
        } catch {
            throw BusError(error)
        }
    }

    /// Why the session's configuration cannot take echo-cancelled input, or `nil` when it can.
    private static func echoCancellationRefusal(_ session: RegisteredSession) -> BusError? {
        let configuration = session.configuration
        let what = "session \(session.id.rawValue) cannot have echo-cancelled input"
        if ![.record, .playAndRecord, .multiRoute].contains(configuration.category) {
            return BusError(
                .invalidConfiguration,
                "\(what): its category \(configuration.category.kebabName) does not record; "
                    + "choose record, play-and-record or multi-route first")
        }
        if Policy.VoiceProcessing.unprocessedModes.contains(configuration.mode) {
            return BusError(
                .invalidConfiguration,
                "\(what): \(configuration.mode.kebabName) mode records straight from the device; choose another mode")
        }
        return nil
    }
}
