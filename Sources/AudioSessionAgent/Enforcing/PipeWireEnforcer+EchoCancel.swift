import AudioPolicy
import Logging

/// Echo cancellation is the pulse protocol's for now: the canceller's DSP must run outside the
/// agent (loading libpipewire-module-echo-cancel into the agent's own context would run it here),
/// and the native backend does not yet start it in another process. A call on the native backend
/// records straight from its device, and the log says so once per canceller.
extension PipeWireEnforcer {
    func loadEchoCanceller(_ canceller: EchoCanceller) {
        logger.notice(
            "echo cancellation is not carried out by the native PipeWire backend yet; run with --backend pulse for it",
            metadata: ["canceller.id": "\(canceller.id)"])
    }

    func moveToEchoCanceller(_ id: StreamID, _ canceller: EchoCancellerID) {}

    func unloadEchoCanceller(_ id: EchoCancellerID) {}
}
