import AudioSessionModel
import Logging
import Synchronization

// The app's yes-or-no session preferences go to the agent, whose policy decides whether each
// counts; sent again after every registration, so a restarted agent learns them too.
extension SessionCore {
    /// Sets a preference: the agent's refusal is thrown and the value not kept; without an agent
    /// the value is kept and sent when one appears.
    func sendPreference(_ preference: SessionPreference, _ value: Bool) async throws(AudioSessionError) {
        await started.wait()
        try await gate.run { () async throws(AudioSessionError) in
            guard let registration = state.withLock({ $0.registration }) else {
                state.withLock { $0.preferences[preference] = value }
                return
            }
            do throws(AgentCallFailure) {
                try await agent.setPreference(registration.sessionID, preference, value)
                state.withLock { state in
                    state.preferences[preference] = value
                    if state.registration?.sessionID == registration.sessionID {
                        state.registration?.sentPreferences[preference] = value
                    }
                }
            } catch {
                switch error {
                case .agentGone(let why):
                    state.withLock { $0.preferences[preference] = value }
                    logger.debug("session preference \(preference.kebabName) kept for the agent: \(why)")
                case .refused(let error):
                    throw error
                }
            }
        }
    }

    /// Whether the app set `preference` (`false` until it did).
    func preference(_ preference: SessionPreference) -> Bool {
        state.withLock { $0.preferences[preference] ?? preference.defaultValue }
    }

    /// Sends the preferences an agent does not have yet; a refusal (an older agent that does not
    /// know one) is logged, not thrown, so the rest of a registration goes on. Call with the gate held.
    func replayPreferences() async throws(AgentCallFailure) {
        let wanted = state.withLock { state in state.registration.map { ($0, state.preferences) } }
        guard let (registration, preferences) = wanted else { return }
        for (preference, value) in preferences.sorted(by: { $0.key.kebabName < $1.key.kebabName })
        where registration.sentPreferences[preference] != value {
            do throws(AgentCallFailure) {
                try await agent.setPreference(registration.sessionID, preference, value)
                state.withLock { state in
                    if state.registration?.sessionID == registration.sessionID {
                        state.registration?.sentPreferences[preference] = value
                    }
                }
            } catch {
                guard case .refused(let refusal) = error else { throw error }
                logger.error("the agent refused session preference \(preference.kebabName): \(refusal.message)")
            }
        }
    }
}
