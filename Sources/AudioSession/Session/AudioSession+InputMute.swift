import Synchronization

extension AudioSession {
    /// Mutes (`true`) or unmutes all of the app's input, as AVAudioApplication's `setInputMuted`
    /// does, and returns once the agent has done it.
    ///
    /// The agent mutes every capture stream of the session on the sound server (the stream's mute
    /// on PulseAudio and pipewire-pulse, the node's mute on native PipeWire), including those the
    /// app opens while muted: the app goes on recording, and hears silence. The device's own
    /// mute and volume, and every other app's input, are left alone. The mute is undone when the
    /// app unmutes, closes the session or exits, and when the agent stops; a restarted agent
    /// undoes what its predecessor left and the session mutes again once it registered. A user who
    /// unmutes one of the streams on the server (in pavucontrol, say) wins: the agent leaves that
    /// stream as the user set it.
    ///
    /// Changes arrive on ``inputMuteChanges``.
    ///
    /// - Throws: ``AudioSessionError/Code/agentUnavailable`` when no agent runs (only the agent
    ///   changes the server's streams); ``isInputMuted`` is then unchanged.
    ///
    /// ```swift
    /// try session.setCategory(.playAndRecord, mode: .voiceChat)
    /// try await session.setActive(true)
    /// muteButton.onTap = {
    ///     try await session.setInputMuted(!session.isInputMuted)
    /// }
    /// ```
    public func setInputMuted(_ muted: Bool) async throws {
        try await core.sendInputMute(muted)
    }

    /// Whether the app muted its input with ``setInputMuted(_:)``.
    ///
    /// ```swift
    /// muteButton.isSelected = session.isInputMuted
    /// ```
    public var isInputMuted: Bool { core.state.withLock { $0.isInputMuted } }

    /// Changes of the app's input mute (`true`: muted), as the agent carries them out; the
    /// counterpart of AVAudioApplication's `inputMuteStateChangeNotification`. Each access is a new
    /// subscription from now on.
    ///
    /// ```swift
    /// for await muted in session.inputMuteChanges {
    ///     muteButton.isSelected = muted
    /// }
    /// ```
    public var inputMuteChanges: InputMuteEvents { core.inputMutes.subscribe() }

    /// Calls `handler` with each change of the app's input mute until the observation ends (see
    /// ``observeInterruptions(_:)``).
    ///
    /// ```swift
    /// let observation = session.observeInputMute { muted in print(muted ? "muted" : "live") }
    /// ```
    public func observeInputMute(_ handler: @escaping @Sendable (Bool) -> Void) -> AudioSessionObservation {
        core.inputMutes.observe(handler)
    }
}
