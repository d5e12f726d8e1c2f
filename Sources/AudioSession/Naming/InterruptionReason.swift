public import AudioSessionModel

extension AudioSession {
    /// Why an interruption began, open to the reasons a newer agent sends.
    /// `AudioSessionModel.InterruptionReason` is the exhaustive enum the agent uses.
    ///
    /// ```swift
    /// if case .began(let reason) = interruption, reason == .builtInMicMuted { showMutedBadge() }
    /// ```
    public struct InterruptionReason: ExtensibleName {
        /// The model's exhaustive enum of the values this version knows.
        public typealias Known = AudioSessionModel.InterruptionReason

        /// The contract's spelling of the value, as on the bus and in policy files (`play-and-record`).
        public let rawValue: String

        /// The value spelled `rawValue`, known to this version or not.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Another session took the audio.
        public static let `default` = Self(Known.default)

        /// The app was suspended (AVAudioSession's `wasSuspended`).
        public static let appWasSuspended = Self(Known.appWasSuspended)

        /// The route the session used went away.
        public static let routeDisconnected = Self(Known.routeDisconnected)

        /// The user muted the input the session records from.
        public static let builtInMicMuted = Self(Known.builtInMicMuted)
    }
}
