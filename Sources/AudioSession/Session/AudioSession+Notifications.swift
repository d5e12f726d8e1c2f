extension AudioSession {
    /// The session's interruptions: ``AudioSession/Interruption/began(reason:)`` when another session took
    /// the audio (pause), ``AudioSession/Interruption/ended(options:)`` when it is over (resume with
    /// `InterruptionOptions.shouldResume`). Each access is a new subscription from now on.
    ///
    /// ```swift
    /// for await interruption in session.interruptions {
    ///     if case .began = interruption { player.pause() }
    ///     if interruption.shouldResume { try await session.setActive(true); player.play() }
    /// }
    /// ```
    public var interruptions: InterruptionEvents { core.interruptions.subscribe() }

    /// The session's route changes, with the reason and the previous route. From the agent while
    /// it runs, else from the session's own reads of the server; ``overrideOutputAudioPort(_:)``
    /// adds one with `RouteChangeReason.override`.
    ///
    /// ```swift
    /// for await change in session.routeChanges where change.reason == .oldDeviceUnavailable {
    ///     player.pause()
    /// }
    /// ```
    public var routeChanges: RouteChangeEvents { core.routeChanges.subscribe() }

    /// Hints to silence secondary audio (a game's soundtrack) while another app's primary audio
    /// plays; sent by the agent to `ambient` and `solo-ambient` sessions.
    ///
    /// ```swift
    /// for await hint in session.silenceSecondaryAudioHints { soundtrack.isMuted = hint == .begin }
    /// ```
    public var silenceSecondaryAudioHints: SilenceSecondaryAudioHintEvents { core.secondaryAudioHints.subscribe() }

    /// Losses of the audio services: the sound server went away (the agent reports it, or the
    /// session sees it itself without the agent), or the agent went away.
    ///
    /// ```swift
    /// for await loss in session.mediaServicesWereLost { player.stop(); print(loss.cause) }
    /// ```
    public var mediaServicesWereLost: MediaServicesLossEvents { core.mediaServicesLosses.subscribe() }

    /// Returns of the audio services. Delivered after the session re-asserted itself: registered
    /// and configured again, and active again if it was. Recreate streams here after a sound
    /// server's restart; after the agent's, streams play on (see ``AudioSession/MediaServicesReset``).
    ///
    /// ```swift
    /// for await reset in session.mediaServicesWereReset where reset.cause == .soundServerRestarted {
    ///     try player.reopen()
    /// }
    /// ```
    public var mediaServicesWereReset: MediaServicesResetEvents { core.mediaServicesResets.subscribe() }

    /// Changes of ``outputVolume`` (the default output's volume, 0...1), as the server reports them.
    ///
    /// ```swift
    /// for await volume in session.outputVolumeChanges { volumeSlider.value = volume }
    /// ```
    public var outputVolumeChanges: OutputVolumeEvents { core.outputVolumes.subscribe() }

    /// Changes of ``isInputAvailable``: `true` when the first input appears (a USB microphone or
    /// a headset plugged), `false` when the last one goes, as the server reports them. iOS has
    /// no notification for it (apps observe the property with KVO); here it is a sequence.
    ///
    /// ```swift
    /// for await available in session.inputAvailabilityChanges { recordButton.isEnabled = available }
    /// ```
    public var inputAvailabilityChanges: InputAvailabilityEvents { core.inputAvailabilities.subscribe() }

    // MARK: Callbacks, for UI code

    /// Calls `handler` with each interruption until the returned observation is cancelled or
    /// released. The handler runs on the session's listening task: hop to your UI's actor
    /// inside it, and return quickly.
    ///
    /// ```swift
    /// let observation = session.observeInterruptions { interruption in
    ///     Task { @MainActor in view.showInterrupted(interruption.type == .began) }
    /// }
    /// ```
    public func observeInterruptions(_ handler: @escaping @Sendable (Interruption) -> Void) -> AudioSessionObservation {
        core.interruptions.observe(handler)
    }

    /// Calls `handler` with each route change until the observation ends (see ``observeInterruptions(_:)``).
    ///
    /// ```swift
    /// let observation = session.observeRouteChanges { change in print(change.reason) }
    /// ```
    public func observeRouteChanges(_ handler: @escaping @Sendable (RouteChange) -> Void) -> AudioSessionObservation {
        core.routeChanges.observe(handler)
    }

    /// Calls `handler` with each secondary-audio hint until the observation ends.
    ///
    /// ```swift
    /// let observation = session.observeSilenceSecondaryAudioHints { hint in soundtrack.setMuted(hint == .begin) }
    /// ```
    public func observeSilenceSecondaryAudioHints(
        _ handler: @escaping @Sendable (SilenceSecondaryAudioHint) -> Void
    ) -> AudioSessionObservation {
        core.secondaryAudioHints.observe(handler)
    }

    /// Calls `handler` with each loss of the audio services until the observation ends.
    ///
    /// ```swift
    /// let observation = session.observeMediaServicesWereLost { loss in log(loss.cause) }
    /// ```
    public func observeMediaServicesWereLost(_ handler: @escaping @Sendable (MediaServicesLoss) -> Void) -> AudioSessionObservation {
        core.mediaServicesLosses.observe(handler)
    }

    /// Calls `handler` with each reset of the audio services until the observation ends.
    ///
    /// ```swift
    /// let observation = session.observeMediaServicesWereReset { _ in player.reopen() }
    /// ```
    public func observeMediaServicesWereReset(
        _ handler: @escaping @Sendable (MediaServicesReset) -> Void
    ) -> AudioSessionObservation {
        core.mediaServicesResets.observe(handler)
    }

    /// Calls `handler` with each new output volume until the observation ends.
    ///
    /// ```swift
    /// let observation = session.observeOutputVolume { volume in slider.value = volume }
    /// ```
    public func observeOutputVolume(_ handler: @escaping @Sendable (Float) -> Void) -> AudioSessionObservation {
        core.outputVolumes.observe(handler)
    }
}
