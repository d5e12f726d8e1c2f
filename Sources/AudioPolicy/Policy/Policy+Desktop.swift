extension Policy {
    /// How the desktop's own state acts on sessions (`[desktop]` in files).
    ///
    /// ```swift
    /// var desktop = Policy.Desktop()
    /// desktop.resumeAfterSleep = false   // after a wake, interrupted apps stay paused
    /// ```
    public struct Desktop: Hashable, Sendable {
        /// Whether sessions the system's sleep interrupted are told they may resume when it
        /// woke (`resume-after-sleep`): their interruption-ended carries should-resume.
        public var resumeAfterSleep: Bool

        /// Creates the desktop settings; the defaults are the shipped policy's.
        public init(resumeAfterSleep: Bool = true) {
            self.resumeAfterSleep = resumeAfterSleep
        }
    }
}
