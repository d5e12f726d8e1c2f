public import AudioSessionModel

extension Policy {
    /// Which sessions get an echo canceller in their signal path (`[voice-processing]` in files).
    ///
    /// A session in one of ``modes`` that plays and records gets a canceller on its route while it
    /// is active; measurement mode never does (the loader refuses it): it records straight from
    /// the device, and the agent never ducks or ramps its input.
    ///
    /// ```swift
    /// var voice = Policy.VoiceProcessing()
    /// voice.canceller = EchoCancellerSettings(kind: .speex)
    /// voice.modes = [.voiceChat]
    /// ```
    public struct VoiceProcessing: Hashable, Sendable {
        /// The switch: `false` means no session ever gets a canceller.
        public var enabled: Bool
        /// The modes whose play-and-record sessions get a canceller.
        public var modes: [Mode]
        /// Which canceller runs, and how.
        public var canceller: EchoCancellerSettings

        /// The shipped defaults (policies/default.toml says the same).
        public init(enabled: Bool = true, modes: [Mode] = [.voiceChat, .videoChat], canceller: EchoCancellerSettings = .init()) {
            self.enabled = enabled
            self.modes = modes
            self.canceller = canceller
        }

        /// Modes that promise the least processing: never given a canceller.
        public static let unprocessedModes: [Mode] = [.measurement]
    }
}
