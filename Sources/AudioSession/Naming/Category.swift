public import AudioSessionModel

extension AudioSession {
    /// What the app's audio is: AVAudioSession's categories, open to the ones a newer agent adds.
    /// `AudioSessionModel.Category` is the exhaustive enum the agent's policy uses.
    ///
    /// ```swift
    /// try session.setCategory(.playAndRecord, mode: .voiceChat)
    /// if session.category == .playback { showNowPlaying() }
    /// ```
    public struct Category: ExtensibleName {
        /// The model's exhaustive enum of the values this version knows.
        public typealias Known = AudioSessionModel.Category

        /// The contract's spelling of the value, as on the bus and in policy files (`play-and-record`).
        public let rawValue: String

        /// The value spelled `rawValue`, known to this version or not.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Sound that accompanies the app and mixes with everything (game effects, UI sounds).
        public static let ambient = Self(Known.ambient)

        /// Like ``ambient`` but primary: it does not mix with other sessions (the default).
        public static let soloAmbient = Self(Known.soloAmbient)

        /// Audio that is the point of the app (music, video, podcasts).
        public static let playback = Self(Known.playback)

        /// Capturing audio (recording, dictation); while active, other output is silenced.
        public static let record = Self(Known.record)

        /// Capturing and playing at once (calls, voice chat).
        public static let playAndRecord = Self(Known.playAndRecord)

        /// Sending different audio to several outputs at once.
        public static let multiRoute = Self(Known.multiRoute)
    }
}
