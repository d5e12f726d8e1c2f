extension AudioSession {
    /// Asks to be spared system alerts (`true`), or to take them as others do (`false`, the
    /// default), and returns once the agent has the choice (AVAudioSession's iOS 14.5
    /// `setPrefersNoInterruptionsFromSystemAlerts(_:)`).
    ///
    /// System alerts are the streams of the `notification` role (PulseAudio's `event`) and the
    /// `alert` role (alarms, timers). With `true` they neither interrupt the session (in a policy
    /// whose roles let them) nor duck it: under the shipped policy an alarm lowers other audio
    /// while it sounds, but not this session's. A screen recorder or a live performance app asks
    /// for it. The desktop's policy decides whether asking counts
    /// (`[interruption] honour-no-alert-interruptions`, on in the shipped policies).
    ///
    /// Without the agent the choice is kept and sent when the agent appears.
    ///
    /// ```swift
    /// try session.setCategory(.playback)
    /// try await session.setPrefersNoInterruptionsFromSystemAlerts(true)
    /// try await session.setActive(true)
    /// ```
    public func setPrefersNoInterruptionsFromSystemAlerts(_ prefers: Bool) async throws {
        try await core.sendPreference(.noInterruptionsFromSystemAlerts, prefers)
    }

    /// Whether the app asked with ``setPrefersNoInterruptionsFromSystemAlerts(_:)`` to be spared
    /// system alerts; `false` until it did.
    ///
    /// ```swift
    /// alertsToggle.isOn = !session.prefersNoInterruptionsFromSystemAlerts
    /// ```
    public var prefersNoInterruptionsFromSystemAlerts: Bool { core.preference(.noInterruptionsFromSystemAlerts) }

    /// Lets system sounds play while the session records (`true`), or has recording silence them
    /// with all other output (`false`, the default), and returns once the agent has the choice
    /// (AVAudioSession's iOS 13 `setAllowHapticsAndSystemSoundsDuringRecording(_:)`).
    ///
    /// Where the desktop's policy has recording silence other output
    /// (`[interruption] record-silences-output`), a `record` session that allows system sounds
    /// leaves the `notification` and `alert` streams audible; the rest of the output still falls
    /// silent. The shipped policy never silences notification sounds or alarms (their roles are
    /// not interruptible), so there this matters only under a stricter policy. The policy decides
    /// whether allowing counts (`[interruption] honour-system-sounds-during-recording`).
    ///
    /// Without the agent the choice is kept and sent when the agent appears.
    ///
    /// ```swift
    /// try session.setCategory(.record)
    /// try await session.setAllowHapticsAndSystemSoundsDuringRecording(true)
    /// try await session.setActive(true)
    /// ```
    public func setAllowHapticsAndSystemSoundsDuringRecording(_ allow: Bool) async throws {
        try await core.sendPreference(.systemSoundsDuringRecording, allow)
    }

    /// Whether the app let system sounds play while it records, with
    /// ``setAllowHapticsAndSystemSoundsDuringRecording(_:)``; `false` until it did.
    ///
    /// ```swift
    /// soundsToggle.isOn = session.allowHapticsAndSystemSoundsDuringRecording
    /// ```
    public var allowHapticsAndSystemSoundsDuringRecording: Bool { core.preference(.systemSoundsDuringRecording) }
}
