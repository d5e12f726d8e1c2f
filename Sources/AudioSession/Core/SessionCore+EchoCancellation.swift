import Logging
import Synchronization

// The app's echo-cancellation choice goes to the agent, whose policy weighs it against the mode;
// sent again after every registration, so a restarted agent learns it too.
extension SessionCore {
    /// `setPrefersEchoCancelledInput`: the agent's refusal is thrown and the choice not kept;
    /// without an agent the choice is kept and sent when one appears.
    func sendEchoCancellationPreference(_ prefers: Bool) async throws(AudioSessionError) {
        await started.wait()
        try await gate.run { () async throws(AudioSessionError) in
            guard let registration = state.withLock({ $0.registration }) else {
                state.withLock { $0.prefersEchoCancelledInput = prefers }
                return
            }
            do throws(AgentCallFailure) {
                // The agent judges the request by the category it has: send the app's latest first.
                try await pushConfigurationIfNeeded()
                try await agent.setPrefersEchoCancelledInput(registration.sessionID, prefers)
                state.withLock { state in
                    state.prefersEchoCancelledInput = prefers
                    if state.registration?.sessionID == registration.sessionID {
                        state.registration?.sentPrefersEchoCancelledInput = prefers
                    }
                }
            } catch {
                switch error {
                case .agentGone(let why):
                    state.withLock { $0.prefersEchoCancelledInput = prefers }
                    logger.debug("echo-cancellation choice kept for the agent: \(why)")
                case .refused(let error):
                    throw error
                }
            }
        }
    }

    /// Sends the choice to an agent that does not have it yet; a refusal (the session no longer
    /// records) is logged, not thrown, so the rest of a registration goes on. Call with the gate held.
    func replayEchoCancellationPreference() async throws(AgentCallFailure) {
        let wanted = state.withLock { state in state.registration.map { ($0, state.prefersEchoCancelledInput) } }
        guard let (registration, prefers) = wanted, let prefers, registration.sentPrefersEchoCancelledInput != prefers else { return }
        do throws(AgentCallFailure) {
            try await agent.setPrefersEchoCancelledInput(registration.sessionID, prefers)
            state.withLock { state in
                if state.registration?.sessionID == registration.sessionID {
                    state.registration?.sentPrefersEchoCancelledInput = prefers
                }
            }
        } catch {
            guard case .refused(let refusal) = error else { throw error }
            logger.error("the agent refused the echo-cancellation choice: \(refusal.message)")
        }
    }
}
