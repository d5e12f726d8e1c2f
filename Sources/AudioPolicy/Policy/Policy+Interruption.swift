extension Policy {
    /// How interruptions behave (`[interruption]` in files).
    public struct Interruption: Hashable, Sendable {
        /// Whether an active record-category session silences all other output (`record-silences-output`).
        public var recordSilencesOutput: Bool

        /// Creates the interruption settings.
        public init(recordSilencesOutput: Bool = true) {
            self.recordSilencesOutput = recordSilencesOutput
        }
    }
}
