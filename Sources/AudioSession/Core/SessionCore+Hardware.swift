import AudioSessionModel
import Logging
import Synchronization

// Hardware preferences (sample rate, I/O buffer duration) go to the agent, which forces them on
// the server while the session is active and not mixable, journals them, and writes the server's
// values back when they no longer hold (also when the app dies). The app's process never writes
// the server's clock. What the server uses is what the agent reports.
extension SessionCore {
    /// Sends the hardware preferences the agent does not have yet. Call with the gate held.
    func pushHardwareIfNeeded() async throws(AgentCallFailure) {
        let wanted = state.withLock { state in
            state.registration.map {
                ($0, HardwarePreferenceWire(sampleRate: state.preferredSampleRate, ioBufferDuration: state.preferredIOBufferDuration))
            }
        }
        guard let (registration, preference) = wanted, registration.sentHardware != preference else { return }
        try await agent.setPreferredHardware(registration.sessionID, preference)
        state.withLock { state in
            if state.registration?.sessionID == registration.sessionID { state.registration?.sentHardware = preference }
        }
    }

    /// Asks the agent what the server uses now and keeps it for the synchronous getters; keeps
    /// nothing while no agent answers. Call with the gate held, or from the signal handler.
    func refreshHardwareValues() async {
        guard let registration = state.withLock({ $0.registration }) else { return }
        do throws(AgentCallFailure) {
            let values = try await agent.hardwareValues(registration.sessionID)
            state.withLock { state in
                if state.registration?.sessionID == registration.sessionID { state.hardwareValues = values }
            }
        } catch {
            logger.debug("the agent did not report hardware values: \(error)")
        }
    }
}

extension SessionCore {
    /// `setPreferredSampleRate` and `setPreferredIOBufferDuration`: the agent's refusal is thrown;
    /// without an agent the preferences are kept and sent when one appears.
    func sendHardwarePreferences() async throws(AudioSessionError) {
        await started.wait()
        try await gate.run { () async throws(AudioSessionError) in
            do throws(AgentCallFailure) {
                try await pushHardwareIfNeeded()
            } catch {
                switch error {
                case .agentGone(let why): logger.debug("hardware preferences kept for the agent: \(why)")
                case .refused(let error): throw error
                }
            }
            await refreshHardwareValues()
        }
    }
}
