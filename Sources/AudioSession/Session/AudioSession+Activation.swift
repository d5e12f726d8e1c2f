import Synchronization
extension AudioSession {
    /// Activates or deactivates the session.
    ///
    /// Activating a non-mixable session interrupts other active non-mixable sessions of equal or
    /// lower rank (they get ``AudioSession/Interruption/began(reason:)``); a mixable one interrupts nobody;
    /// with `duck-others` it lowers other audio while it plays. Activation fails with
    /// ``AudioSessionError/Code/insufficientPriority`` while a higher-ranked session (a call) is
    /// active; the error's ``AudioSessionError/holder`` names it.
    ///
    /// Deactivating with `ActivationOptions.notifyOthersOnDeactivation` tells the sessions this
    /// one interrupted that they may resume (``AudioSession/Interruption/ended(options:)`` with
    /// `InterruptionOptions.shouldResume`).
    ///
    /// Without the agent, activation succeeds locally with a logged warning (no other app is
    /// told); the session registers and activates at the agent when it appears.
    ///
    /// ```swift
    /// try await session.setActive(true)
    /// speak(prompt)
    /// try await session.setActive(false, options: .notifyOthersOnDeactivation)
    /// ```
    public func setActive(_ active: Bool, options: ActivationOptions = []) async throws {
        await core.started.wait()
        try await core.gate.run { () async throws(AudioSessionError) in
            if active {
                try await core.activate()
            } else {
                await core.deactivate(notifyOthers: options.contains(.notifyOthersOnDeactivation))
            }
        }
    }

    /// Whether the session is active: after a successful ``setActive(_:options:)`` with `true`,
    /// until it is deactivated or interrupted.
    ///
    /// ```swift
    /// if !session.isActive { try await session.setActive(true) }
    /// ```
    public var isActive: Bool { core.state.withLock { $0.isActive } }
}
