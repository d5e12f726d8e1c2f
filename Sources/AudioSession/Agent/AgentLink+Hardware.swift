import AudioSessionBus
import AudioSessionContract

// Hardware preferences and values: the agent forces them on the server and reports what it uses.
extension AgentLink {
    /// `SetPreferredHardware`: `nil` for no preference (sent as 0).
    func setPreferredHardware(_ session: String, _ preference: HardwarePreferenceWire) async throws(AgentCallFailure) {
        _ = try await call(
            .setPreferredHardware(
                session: session,
                preferences: [
                    HardwarePreferenceKeys.sampleRate: BusVariant(.uint32(preference.sampleRate)),
                    HardwarePreferenceKeys.ioBufferDuration: BusVariant(.double(preference.ioBufferSeconds)),
                ]))
    }

    /// `GetHardwareValues`.
    func hardwareValues(_ session: String) async throws(AgentCallFailure) -> HardwareValuesReply {
        try Self.read(try await call(.getHardwareValues(session: session)), as: HardwareValuesReply.init(arguments:))
    }
}
