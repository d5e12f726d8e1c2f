extension Policy {
    /// How interruptions behave (`[interruption]` in files).
    ///
    /// ```swift
    /// var interruption = Policy.Interruption()
    /// interruption.captureCallHoldMilliseconds = 5_000   // a longer pause of the microphone still counts as the call
    /// ```
    public struct Interruption: Hashable, Sendable {
        /// Whether an active record-category session silences all other output (`record-silences-output`).
        public var recordSilencesOutput: Bool
        /// Whether apps whose ``AppRule/callWhileCapturing`` is set have their playback count as a
        /// call while they capture from a microphone (`capture-calls`); `false` turns that off for
        /// every app at once.
        public var captureCalls: Bool
        /// How long an app's playback still counts as a call after its last microphone capture
        /// closed (`capture-call-hold-ms`), so a microphone toggled off and on again does not let
        /// the music play in between.
        public var captureCallHoldMilliseconds: Int
        /// Whether a session whose app prefers it (`setPrefersInterruptionOnRouteDisconnect`) is
        /// interrupted with `route-disconnected` when a device its route uses goes away
        /// (`interrupt-on-route-disconnect`); `false`: every session hears the route change only.
        public var interruptOnRouteDisconnect: Bool
        /// Whether a session whose app prefers it (`setPrefersNoInterruptionsFromSystemAlerts`) is
        /// spared what system sounds (``systemSoundRoles``) do to others: their
        /// interruptions and their ducking (`honour-no-alert-interruptions`).
        public var honourNoAlertInterruptions: Bool
        /// Whether a recording session whose app allows it
        /// (`setAllowHapticsAndSystemSoundsDuringRecording`) leaves system sounds
        /// (``systemSoundRoles``) audible where ``recordSilencesOutput`` would silence them
        /// (`honour-system-sounds-during-recording`).
        public var honourSystemSoundsDuringRecording: Bool

        /// Creates the interruption settings; the defaults are the shipped policy's.
        public init(
            recordSilencesOutput: Bool = true, captureCalls: Bool = true, captureCallHoldMilliseconds: Int = 2_000,
            interruptOnRouteDisconnect: Bool = true, honourNoAlertInterruptions: Bool = true,
            honourSystemSoundsDuringRecording: Bool = true
        ) {
            self.honourNoAlertInterruptions = honourNoAlertInterruptions
            self.honourSystemSoundsDuringRecording = honourSystemSoundsDuringRecording
            self.recordSilencesOutput = recordSilencesOutput
            self.captureCalls = captureCalls
            self.captureCallHoldMilliseconds = captureCallHoldMilliseconds
            self.interruptOnRouteDisconnect = interruptOnRouteDisconnect
        }

        /// The roles whose streams are system sounds for AVAudioSession's system-alert and
        /// system-sound preferences: notification sounds (PulseAudio's `event`) and alerts
        /// (alarms, timers).
        public static let systemSoundRoles: Set<Role> = [.notification, .alert]
    }
}
