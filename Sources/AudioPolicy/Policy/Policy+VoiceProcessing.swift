public import AudioSessionModel

extension Policy {
    /// Which sessions get an echo canceller in their signal path (`[voice-processing]` in files).
    ///
    /// A session in one of ``modes`` that plays and records gets a canceller on its route while it
    /// is active; measurement mode never does (the loader refuses it): it records straight from
    /// the device, and the agent never ducks or ramps its input.
    ///
    /// An app may ask itself (`setPrefersEchoCancelledInput`): with ``honourAppRequest`` its
    /// `true` gives any session that records a canceller whatever its mode (but measurement), and
    /// with ``appCanTurnOff`` its `false` takes the mode's canceller away.
    ///
    /// ```swift
    /// var voice = Policy.VoiceProcessing()
    /// voice.canceller = EchoCancellerSettings(kind: .speex)
    /// voice.modes = [.voiceChat]
    /// voice.appCanTurnOff = false   // calls keep their canceller whatever the app asks
    /// ```
    public struct VoiceProcessing: Hashable, Sendable {
        /// The switch: `false` means no session ever gets a canceller.
        public var enabled: Bool
        /// The modes whose play-and-record sessions get a canceller.
        public var modes: [Mode]
        /// Which canceller runs, and how.
        public var canceller: EchoCancellerSettings
        /// Whether apps' requests count at all (`honour-app-request`): `false` leaves the mode alone to decide.
        public var honourAppRequest: Bool
        /// Whether an app's request for no echo cancellation takes the canceller away from a
        /// session whose mode gets one (`app-can-turn-off`), as iOS lets an app do.
        public var appCanTurnOff: Bool

        /// The shipped defaults (policies/default.toml says the same).
        public init(
            enabled: Bool = true, modes: [Mode] = [.voiceChat, .videoChat], canceller: EchoCancellerSettings = .init(),
            honourAppRequest: Bool = true, appCanTurnOff: Bool = true
        ) {
            self.enabled = enabled
            self.modes = modes
            self.canceller = canceller
            self.honourAppRequest = honourAppRequest
            self.appCanTurnOff = appCanTurnOff
        }

        /// Modes that promise the least processing: never given a canceller.
        public static let unprocessedModes: [Mode] = [.measurement]
    }
}
