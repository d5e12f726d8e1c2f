import Logging
import Synchronization

// The session's routing choices (output override, preferred input) on the agent's side: sent when
// they change and again after every registration, so a restarted agent learns them too.
extension SessionCore {
    /// Sends the routing choices the agent does not have yet; a refusal goes to the app as an
    /// ``AudioSession/AgentRefusal``. Call with the gate held.
    func pushRouting() async {
        await reportingRefusal(of: .outputOverride, pushOutputOverrideIfNeeded)
        await reportingRefusal(of: .preferredInput, pushPreferredInputIfNeeded)
    }

    /// Runs a background request; a refusal is logged and published, an absent agent only logged.
    func reportingRefusal(
        of request: AudioSession.AgentRefusal.Request, _ push: () async throws(AgentCallFailure) -> Void
    ) async {
        do throws(AgentCallFailure) {
            try await push()
        } catch {
            switch error {
            case .agentGone(let why): logger.debug("\(request) not sent: \(why)")
            case .refused(let error):
                logger.error("the agent refused \(request): \(error.message)")
                agentRefusals.publish(AudioSession.AgentRefusal(request: request, error: error))
            }
        }
    }

    func pushRoutingIfNeeded() async throws(AgentCallFailure) {
        try await pushOutputOverrideIfNeeded()
        try await pushPreferredInputIfNeeded()
    }

    private func pushOutputOverrideIfNeeded() async throws(AgentCallFailure) {
        let wanted = state.withLock { state in state.registration.map { ($0, state.outputOverride) } }
        guard let (registration, override) = wanted, registration.sentOutputOverride != override else { return }
        try await agent.overrideOutput(registration.sessionID, override)
        state.withLock { state in
            if state.registration?.sessionID == registration.sessionID { state.registration?.sentOutputOverride = override }
        }
    }

    private func pushPreferredInputIfNeeded() async throws(AgentCallFailure) {
        let wanted = state.withLock { state in state.registration.map { ($0, state.preferredInputUID) } }
        guard let (registration, input) = wanted, registration.sentPreferredInputUID != input else { return }
        try await agent.setPreferredInput(registration.sessionID, input)
        state.withLock { state in
            if state.registration?.sessionID == registration.sessionID { state.registration?.sentPreferredInputUID = input }
        }
    }
}
