extension AudioSession {
    /// Whether secondary audio (a game's soundtrack) should go quiet because another app's primary
    /// audio plays, as ``AudioSession/silenceSecondaryAudioHints`` delivers it. Sent to `ambient` and
    /// `solo-ambient` sessions.
    ///
    /// ```swift
    /// for await hint in session.silenceSecondaryAudioHints {
    ///     soundtrack.isMuted = hint == .begin
    /// }
    /// ```
    public enum SilenceSecondaryAudioHint: String, Hashable, Sendable {
        /// Another app's primary audio started: silence the secondary audio.
        case begin
        /// The last of it stopped: bring the secondary audio back.
        case end
    }
}

/// ``AudioSession/SilenceSecondaryAudioHint`` by its top-level name, as earlier releases had it.
public typealias SilenceSecondaryAudioHint = AudioSession.SilenceSecondaryAudioHint
