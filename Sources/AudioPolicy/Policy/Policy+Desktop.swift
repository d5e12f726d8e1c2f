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
        /// Whether ambient and solo-ambient sessions are silenced while the screen is locked and
        /// play again on unlock, as AVAudioSession does (`silence-ambient-when-locked`).
        public var silenceAmbientWhenLocked: Bool
        /// Whether notification sounds (role `notification`, event sounds included) are held
        /// (silenced) while do-not-disturb is on (`hold-notifications-during-dnd`).
        public var holdNotificationsDuringDoNotDisturb: Bool

        /// Creates the desktop settings; the defaults are the shipped policy's.
        public init(
            resumeAfterSleep: Bool = true, silenceAmbientWhenLocked: Bool = true, holdNotificationsDuringDoNotDisturb: Bool = true
        ) {
            self.resumeAfterSleep = resumeAfterSleep
            self.silenceAmbientWhenLocked = silenceAmbientWhenLocked
            self.holdNotificationsDuringDoNotDisturb = holdNotificationsDuringDoNotDisturb
        }
    }
}
