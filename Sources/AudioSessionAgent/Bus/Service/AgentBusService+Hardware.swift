import AudioSessionBus
import AudioSessionContract
import AudioPolicy
import AudioSessionModel

// Hardware values and preferences, and the current secondary-audio hint: per-session calls,
// owner-only like every other, ownership checked before the arguments are read.
extension AgentBusService {
    /// `GetHardwareValues`: what the server uses for the session's route (``HardwareSteward``).
    func hardwareValues(_ id: SessionID, _ call: BusMethodCall) async throws(BusError) -> BusArguments {
        let route = try route(of: id, call)
        guard let hardware else { throw Self.noHardware }
        return await hardware.values(of: id, route: route).arguments
    }

    /// `GetSecondaryAudioHint`: whether the last hint the session was sent is `begin`.
    func secondaryAudioHint(_ id: SessionID, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        let found = coordinator.read { view -> Result<Bool, SessionRegistryError> in
            Result { () throws(SessionRegistryError) in
                _ = try view.registry.session(id, ownedBy: call.sender)
                return view.engine.secondaryAudioHintBegun(for: id) ?? false
            }
        }
        do {
            return [.boolean(try found.get())]
        } catch {
            throw BusError(error)
        }
    }

    /// `SetPreferredHardware`: records the preference and answers once the server has what the
    /// sessions' preferences now ask for (forced, or written back).
    func setPreferredHardware(
        _ id: SessionID, _ wire: [String: BusVariant], _ call: BusMethodCall
    ) async throws(BusError) -> BusArguments {
        let hardware = self.hardware
        let outcome = coordinator.read { view -> Result<Void, BusError> in
            do throws(SessionRegistryError) {
                _ = try view.registry.session(id, ownedBy: call.sender)
            } catch {
                return .failure(BusError(error))
            }
            do throws(BusError) {
                let preference = try HardwarePreference(wire: wire)
                guard let hardware else { throw Self.noHardware }
                hardware.setPreference(preference, for: id, in: view)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
        hardware?.sendQueued()
        await hardware?.settled()
        return []
    }

    private static var noHardware: BusError {
        BusError(AgentErrorName.failed, "this agent was started without its hardware steward; hardware values and preferences are unavailable")
    }
}
