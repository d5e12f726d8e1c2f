extension AudioSession {
    /// The agent's refusal of a request the session sent it in the background, as
    /// ``AudioSession/agentRefusals`` delivers it.
    ///
    /// ``AudioSession/setCategory(_:mode:options:)``, ``AudioSession/setMode(_:)``,
    /// ``AudioSession/setPreferredInput(_:)`` and ``AudioSession/overrideOutputAudioPort(_:)``
    /// check what the library can check, throw at once, and return; the agent gets the request
    /// after (fire and forget, so a UI thread never waits on the bus). When the agent refuses it
    /// the refusal comes here, with the agent's error; the session's own state keeps the request
    /// (what ``AudioSession/currentRoute`` and ``AudioSession/category`` read) and sends it again
    /// when the agent next registers the session. ``AudioSession/setActive(_:options:)`` and the
    /// other `async throws` setters throw the agent's answer instead.
    ///
    /// ```swift
    /// Task {
    ///     for await refusal in session.agentRefusals {
    ///         print("the agent refused \(refusal.request): \(refusal.error.message)")
    ///     }
    /// }
    /// ```
    public struct AgentRefusal: Hashable, Sendable {
        /// Which request the agent refused.
        public var request: Request
        /// The agent's answer (its code: ``AudioSessionError/Code/noSuchPort``,
        /// ``AudioSessionError/Code/agentRefused``, ...).
        public var error: AudioSessionError

        /// A refusal, as the library delivers it (public for tests of code that handles them).
        ///
        /// ```swift
        /// let refusal = AudioSession.AgentRefusal(
        ///     request: .preferredInput, error: AudioSessionError(.noSuchPort, "no input \"usb\" is available"))
        /// ```
        public init(request: Request, error: AudioSessionError) {
            self.request = request
            self.error = error
        }
    }
}
