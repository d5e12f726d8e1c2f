extension AudioSession {
    /// An override of the session's output, for ``AudioSession/overrideOutputAudioPort(_:)``.
    ///
    /// ```swift
    /// try session.overrideOutputAudioPort(.speaker)   // a call on the speaker, not the headset
    /// ```
    public enum PortOverride: String, Hashable, Sendable {
        /// No override: the session's audio goes where the server and policy route it.
        case none
        /// The built-in speaker, whatever else is plugged in.
        case speaker
    }
}
