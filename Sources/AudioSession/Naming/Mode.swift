public import AudioSessionModel

extension AudioSession {
    /// A specialisation of the category: AVAudioSession's modes, open to the ones a newer agent adds.
    /// `AudioSessionModel.Mode` is the exhaustive enum the agent's policy uses.
    ///
    /// ```swift
    /// try session.setMode(.spokenAudio)
    /// ```
    public struct Mode: ExtensibleName {
        /// The model's exhaustive enum of the values this version knows.
        public typealias Known = AudioSessionModel.Mode

        /// The contract's spelling of the value, as on the bus and in policy files (`play-and-record`).
        public let rawValue: String

        /// The value spelled `rawValue`, known to this version or not.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No specialisation.
        public static let `default` = Self(Known.default)

        /// A voice call: echo cancellation, the headset microphone.
        public static let voiceChat = Self(Known.voiceChat)

        /// A video call.
        public static let videoChat = Self(Known.videoChat)

        /// Voice chat in a game.
        public static let gameChat = Self(Known.gameChat)

        /// Recording video with sound.
        public static let videoRecording = Self(Known.videoRecording)

        /// Measuring audio: no processing of the input.
        public static let measurement = Self(Known.measurement)

        /// Playing a film.
        public static let moviePlayback = Self(Known.moviePlayback)

        /// Spoken content (podcasts, audiobooks) that pauses rather than ducks.
        public static let spokenAudio = Self(Known.spokenAudio)

        /// Short prompts (navigation) that duck others while they speak.
        public static let voicePrompt = Self(Known.voicePrompt)
    }
}
