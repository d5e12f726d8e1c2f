public import AudioSessionModel

extension AudioSession {
    /// An interruption of the session's audio, as ``AudioSession/interruptions`` delivers it.
    ///
    /// On ``began(reason:)`` the session is no longer active and its streams are silenced: pause.
    /// On ``ended(options:)`` the interruption is over; with `InterruptionOptions.shouldResume`
    /// activate again and resume.
    ///
    /// ```swift
    /// for await interruption in session.interruptions {
    ///     switch interruption {
    ///     case .began: player.pause()
    ///     case .ended(let options) where options.contains(.shouldResume):
    ///         try await session.setActive(true)
    ///         player.play()
    ///     case .ended: break
    ///     }
    /// }
    /// ```
    public enum Interruption: Hashable, Sendable {
        /// Another session took the audio (a call); the session is inactive now.
        case began(reason: InterruptionReason)
        /// The interruption is over; `options` says whether to resume.
        case ended(options: InterruptionOptions)

        /// Began or ended.
        ///
        /// ```swift
        /// if interruption.type == .began { player.pause() }
        /// ```
        public var type: InterruptionType {
            switch self {
            case .began: .began
            case .ended: .ended
            }
        }

        /// Whether the app may resume: an ``ended(options:)`` with `InterruptionOptions.shouldResume`.
        ///
        /// ```swift
        /// if interruption.shouldResume { player.play() }
        /// ```
        public var shouldResume: Bool {
            if case .ended(let options) = self { return options.contains(.shouldResume) }
            return false
        }
    }
}

/// ``AudioSession/Interruption`` by its top-level name, as earlier releases had it.
public typealias Interruption = AudioSession.Interruption
