import AudioSessionContract

// The session's routing choices, sent to the agent.
extension AgentLink {
    /// `OverrideOutputPort`: `none` or `speaker`.
    func overrideOutput(_ session: String, _ override: AudioSession.PortOverride) async throws(AgentCallFailure) {
        _ = try await call(.overrideOutputPort(session: session, port: override.rawValue))
    }

    /// `SetPreferredInput`: a source name, or `""` to clear the preference.
    func setPreferredInput(_ session: String, _ uid: String?) async throws(AgentCallFailure) {
        _ = try await call(.setPreferredInput(session: session, portUID: uid ?? ""))
    }
}
