import AudioSessionContract
import AudioSessionBus

extension BusError {
    /// An error reply with one of the agent's error names.
    init(_ name: AgentErrorName, _ message: String) {
        self.init(BusErrorName(rawValue: name.rawValue), message)
    }

    /// The reply to a call the registry refused.
    init(_ refusal: SessionRegistryError) {
        self.init(refusal.busErrorName, refusal.description)
    }
}
