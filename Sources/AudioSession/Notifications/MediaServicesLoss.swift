extension AudioSession {
    /// The audio services went away, as ``AudioSession/mediaServicesWereLost`` delivers it.
    ///
    /// Until the matching ``AudioSession/MediaServicesReset`` streams may be gone; the session keeps its category
    /// and its wish to be active and re-asserts both when the services come back.
    ///
    /// ```swift
    /// for await loss in session.mediaServicesWereLost {
    ///     print("audio services lost: \(loss.cause)")
    ///     player.stop()
    /// }
    /// ```
    public struct MediaServicesLoss: Hashable, Sendable {
        /// What went away.
        ///
        /// ```swift
        /// if loss.cause == .agentRestarted { showPolicyPausedBadge() }
        /// ```
        public var cause: MediaServicesCause

        /// A loss with its cause (public for tests of code that handles them).
        ///
        /// ```swift
        /// let loss = MediaServicesLoss(cause: .agentRestarted)
        /// ```
        public init(cause: MediaServicesCause) { self.cause = cause }
    }
}

/// ``AudioSession/MediaServicesLoss`` by its top-level name, as earlier releases had it.
public typealias MediaServicesLoss = AudioSession.MediaServicesLoss

extension AudioSession {
    /// The audio services are back, as ``AudioSession/mediaServicesWereReset`` delivers it. The
    /// session is registered and configured again, and active again if it was. After a sound
    /// server's restart (``AudioSession/MediaServicesCause/soundServerRestarted``) every stream is gone: recreate
    /// yours (a library player that was playing plays on by itself). After the agent's
    /// (``AudioSession/MediaServicesCause/agentRestarted``) the streams play on: there is nothing to rebuild.
    ///
    /// ```swift
    /// for await reset in session.mediaServicesWereReset where reset.cause == .soundServerRestarted {
    ///     try player.recreateStream()
    /// }
    /// ```
    public struct MediaServicesReset: Hashable, Sendable {
        /// What came back.
        ///
        /// ```swift
        /// if reset.cause == .soundServerRestarted { try await recorder.record() }   // a new stream
        /// ```
        public var cause: MediaServicesCause

        /// A reset with its cause (public for tests of code that handles them).
        ///
        /// ```swift
        /// let reset = MediaServicesReset(cause: .soundServerRestarted)
        /// ```
        public init(cause: MediaServicesCause) { self.cause = cause }
    }
}

/// ``AudioSession/MediaServicesReset`` by its top-level name, as earlier releases had it.
public typealias MediaServicesReset = AudioSession.MediaServicesReset

extension AudioSession {
    /// Which part of the audio services was lost or reset.
    ///
    /// ```swift
    /// if loss.cause == .soundServerRestarted { player.stop() }   // its stream is gone
    /// ```
    public enum MediaServicesCause: String, Hashable, Sendable, CustomStringConvertible {
        /// The sound server (PulseAudio, PipeWire) went away or came back: streams are gone.
        case soundServerRestarted = "sound server restarted"
        /// The policy agent (`audiosessiond`) went away or came back: streams play on, policy pauses.
        case agentRestarted = "agent restarted"

        /// The cause in words: `sound server restarted`, `agent restarted`.
        ///
        /// ```swift
        /// print("audio services reset: \(reset.cause)")
        /// ```
        public var description: String { rawValue }
    }
}

/// ``AudioSession/MediaServicesCause`` by its top-level name, as earlier releases had it.
public typealias MediaServicesCause = AudioSession.MediaServicesCause
