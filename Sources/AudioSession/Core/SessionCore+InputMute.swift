import Logging
import Synchronization

// The app's input mute goes to the agent, which mutes the session's capture streams on the
// server; sent again after every registration, so a restarted agent mutes them too.
extension SessionCore {
    /// `setInputMuted`: throws when no agent takes it, since nothing else could mute the input;
    /// the session's state is then unchanged.
    func sendInputMute(_ muted: Bool) async throws(AudioSessionError) {
        await started.wait()
        try await gate.run { () async throws(AudioSessionError) in
            let unavailable = AudioSessionError(
                .agentUnavailable,
                "cannot \(muted ? "mute" : "unmute") the input: no audiosessiond runs on the session bus, "
                    + "and only the agent changes the server's capture streams; start it (systemctl --user start audiosessiond)")
            guard let registration = state.withLock({ $0.registration }) else { throw unavailable }
            do throws(AgentCallFailure) {
                try await agent.setInputMuted(registration.sessionID, muted)
                state.withLock { state in
                    state.isInputMuted = muted
                    if state.registration?.sessionID == registration.sessionID { state.registration?.sentInputMuted = muted }
                }
            } catch {
                switch error {
                case .agentGone(let why):
                    logger.debug("input mute not taken: \(why)")
                    throw unavailable
                case .refused(let error):
                    throw error
                }
            }
        }
    }

    /// Sends a muted input to an agent that does not have it yet. Call with the gate held.
    func replayInputMute() async throws(AgentCallFailure) {
        let wanted = state.withLock { state in state.registration.map { ($0, state.isInputMuted) } }
        guard let (registration, muted) = wanted, registration.sentInputMuted != muted else { return }
        do throws(AgentCallFailure) {
            try await agent.setInputMuted(registration.sessionID, muted)
            state.withLock { state in
                if state.registration?.sessionID == registration.sessionID { state.registration?.sentInputMuted = muted }
            }
        } catch {
            guard case .refused(let refusal) = error else { throw error }
            logger.error("the agent refused the input mute: \(refusal.message)")
        }
    }

    /// The agent's `InputMuteChanged`: published when it differs from the last one published,
    /// so an agent that takes the mute again after a restart changes nothing for the app.
    func publishInputMute(_ muted: Bool) {
        let changed = state.withLock { state in
            defer { state.publishedInputMuted = muted }
            return state.publishedInputMuted != muted
        }
        if changed { inputMutes.publish(muted) }
    }
}
