extension AudioSession {
    /// The agent's refusals of the requests the session sends in the background (see
    /// ``AgentRefusal``): the observable failure of ``setCategory(_:mode:options:)``,
    /// ``setPreferredInput(_:)``, ``overrideOutputAudioPort(_:)`` and a deactivation. Each access
    /// is a new subscription from now on.
    ///
    /// ```swift
    /// let refusals = session.agentRefusals
    /// try session.setPreferredInput(usb)
    /// for await refusal in refusals where refusal.request == .preferredInput {
    ///     showError(refusal.error.message)
    /// }
    /// ```
    public var agentRefusals: AgentRefusalEvents { core.agentRefusals.subscribe() }

    /// Calls `handler` with each of the agent's refusals until the observation ends (see
    /// ``observeInterruptions(_:)``).
    ///
    /// ```swift
    /// let observation = session.observeAgentRefusals { refusal in print(refusal.request, refusal.error) }
    /// ```
    public func observeAgentRefusals(_ handler: @escaping @Sendable (AgentRefusal) -> Void) -> AudioSessionObservation {
        core.agentRefusals.observe(handler)
    }
}
