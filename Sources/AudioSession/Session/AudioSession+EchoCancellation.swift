import Synchronization

extension AudioSession {
    /// Asks for echo-cancelled input (`true`) or for none (`false`), and returns once the agent
    /// has the choice.
    ///
    /// Without a choice the mode decides: an active `voiceChat` or `videoChat` call gets an echo
    /// canceller. With one, the desktop's policy weighs the app's choice against the mode
    /// (`[voice-processing]` in docs/policy-format.md). With the shipped policy:
    ///
    /// - `true` gives the session a canceller whenever it is active, in any mode but
    ///   `.measurement`: a `.playAndRecord` session in `.default` mode that plays a far end
    ///   and records the near end gets what a call gets;
    /// - `false` takes the canceller away even from a `voiceChat` session (as on iOS), for an app
    ///   that runs its own (WebRTC in the app, say). A policy may keep calls' cancellers
    ///   (`app-can-turn-off = false`; the shipped office and car policies do).
    ///
    /// The agent puts the canceller on the session's route while it is active, moving its streams
    /// onto the canceller's devices, and takes it away when the session deactivates or the app
    /// exits. ``inputProcessing()`` says what the input goes through now;
    /// ``isEchoCancelledInputAvailable`` whether asking can work at all.
    ///
    /// Without the agent the choice is kept and sent when the agent appears (its refusal then
    /// reaches the log only).
    ///
    /// - Throws: ``AudioSessionError/Code/invalidConfiguration`` when `prefers` is `true` and the
    ///   session's category does not record (`ambient`, `soloAmbient`, `playback`) or its mode is
    ///   `measurement`; the message says which. The choice is then not kept.
    ///
    /// ```swift
    /// try session.setCategory(.playAndRecord, mode: .default)
    /// if await session.isEchoCancelledInputAvailable {
    ///     try await session.setPrefersEchoCancelledInput(true)
    /// }
    /// try await session.setActive(true)
    /// if case .echoCancellation(let canceller) = await session.inputProcessing() {
    ///     print("the microphone goes through \(canceller)")
    /// }
    /// ```
    public func setPrefersEchoCancelledInput(_ prefers: Bool) async throws {
        try await core.sendEchoCancellationPreference(prefers)
    }

    /// Whether the app asked for echo-cancelled input with ``setPrefersEchoCancelledInput(_:)``;
    /// `false` before it asked (the mode then decides) and after it asked for none.
    ///
    /// ```swift
    /// echoToggle.isOn = session.prefersEchoCancelledInput
    /// ```
    public var prefersEchoCancelledInput: Bool { core.state.withLock { $0.prefersEchoCancelledInput ?? false } }

    /// Whether asking for echo-cancelled input would give the session a canceller now, as the
    /// agent judges it (its `IsEchoCancelledInputAvailable`).
    ///
    /// What decides: the desktop's policy (`[voice-processing]` enabled, and either the session's
    /// mode among its `modes` or apps' requests honoured), the session's category (it must record:
    /// `record`, `playAndRecord`, `multiRoute`) and mode (never `measurement`), and the devices
    /// its input and output would use being present on the server. Whether the session is active
    /// does not count: the canceller comes with activation.
    ///
    /// Unlike iOS's property this one is asynchronous, since only the agent knows the policy and
    /// the devices; it reads `false` while no agent runs (nothing could then load a canceller).
    ///
    /// ```swift
    /// try session.setCategory(.playAndRecord)
    /// echoToggle.isEnabled = await session.isEchoCancelledInputAvailable
    /// ```
    public var isEchoCancelledInputAvailable: Bool {
        get async {
            await core.started.wait()
            guard let registration = core.state.withLock({ $0.registration }) else { return false }
            do throws(AgentCallFailure) {
                // The agent judges by the category it has: send the app's latest first.
                try await core.gate.run { () async throws(AgentCallFailure) in try await core.pushConfigurationIfNeeded() }
                return try await core.agent.isEchoCancelledInputAvailable(registration.sessionID)
            } catch {
                return false
            }
        }
    }
}
