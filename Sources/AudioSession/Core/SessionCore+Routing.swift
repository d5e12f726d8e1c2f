import Logging
import Synchronization

// The session's routing choices (output override, preferred input) on the agent's side: sent when
// they change and again after every registration, so a restarted agent learns them too.
extension SessionCore {
    /// Sends the routing choices the agent does not have yet. Call with the gate held.
    func pushRouting() async {
        do throws(AgentCallFailure) {
            try await pushRoutingIfNeeded()
        } catch {
            switch error {
            case .agentGone(let why): logger.debug("routing choice not sent: \(why)")
            case .refused(let error): logger.error("the agent refused the routing choice: \(error.message)")
            }
        }
    }

    func pushRoutingIfNeeded() async throws(AgentCallFailure) {
        let wanted = state.withLock { state in
            state.registration.map { ($0, state.outputOverride, state.preferredInputUID) }
        }
        guard let (registration, override, input) = wanted else { return }
        if registration.sentOutputOverride != override {
            try await agent.overrideOutput(registration.sessionID, override)
            state.withLock { state in
                if state.registration?.sessionID == registration.sessionID { state.registration?.sentOutputOverride = override }
            }
        }
        if registration.sentPreferredInputUID != input {
            try await agent.setPreferredInput(registration.sessionID, input)
            state.withLock { state in
                if state.registration?.sessionID == registration.sessionID { state.registration?.sentPreferredInputUID = input }
            }
        }
    }
}
