import AudioSessionModel
import SoundServer
import Synchronization

// Hardware preferences (sample rate, I/O buffer duration), as on iOS: they reach the device only
// while the session is active and non-mixable; a mixable session's preferences apply to its own
// streams only.
extension SessionCore {
    /// Whether the sound server behind the pulse protocol is PipeWire (pipewire-pulse names itself so).
    var isPipeWire: Bool { server.graph?.server?.name.contains("PipeWire") == true }

    /// Forces the PipeWire clock to the preferences while they should hold on the device, and
    /// restores it otherwise. Call with the gate held.
    func updateHardware() async {
        let (holds, rate, duration) = state.withLock { state in
            (
                state.isActive && !state.configuration.isMixable, state.preferredSampleRate.map { UInt32($0.rounded()) },
                state.preferredIOBufferDuration
            )
        }
        guard holds, isPipeWire, rate != nil || duration != nil else {
            clock.restore()
            return
        }
        await clock.force(rate: rate, bufferDuration: duration)
    }
}
