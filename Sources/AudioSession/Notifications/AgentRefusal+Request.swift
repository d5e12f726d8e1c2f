extension AudioSession.AgentRefusal {
    /// A request the session sends the agent in the background, named by the call that makes it:
    /// a string-backed struct, so a request a later version adds breaks no app's `switch`.
    ///
    /// ```swift
    /// if refusal.request == .preferredInput { inputPicker.selection = session.preferredInput }
    /// ```
    public struct Request: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The call's name, as `description` prints it (`setPreferredInput(_:)`).
        public let rawValue: String

        /// The request the call named `rawValue` makes.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The category, mode and options: ``AudioSession/setCategory(_:mode:options:)`` and ``AudioSession/setMode(_:)``.
        public static let configuration = Self(rawValue: "setCategory(_:mode:options:)")
        /// The preferred input: ``AudioSession/setPreferredInput(_:)``.
        public static let preferredInput = Self(rawValue: "setPreferredInput(_:)")
        /// The output override: ``AudioSession/overrideOutputAudioPort(_:)``.
        public static let outputOverride = Self(rawValue: "overrideOutputAudioPort(_:)")
        /// The deactivation of ``AudioSession/setActive(_:options:)`` with `false`, which is local
        /// at once (the session is inactive whatever the agent says).
        public static let deactivation = Self(rawValue: "setActive(false)")

        /// The call's name.
        public var description: String { rawValue }
    }
}
