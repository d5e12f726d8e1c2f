import PulseBackend

/// The pulse commands the agent's loop-confined parts send, with answers that run isolated to the
/// loop (``ServerLoopActor``): libpulse answers on the loop thread, so each answer enters the
/// isolation there.
///
/// ```swift
/// connection.submitOnLoop(.unloadModule(index: 7)) { [weak self] result in
///     self?.unloading.remove(7)   // loop-confined state, checked by the compiler
/// }
/// ```
extension PulseConnection {
    /// ``submit(_:completion:)`` with its answer isolated to the loop.
    func submitOnLoop(_ command: PulseCommand, then done: @escaping @ServerLoopActor @Sendable (Result<UInt32?, PulseError>) -> Void) {
        submit(command) { result in ServerLoopActor.assumeIsolated { done(result) } }
    }

    /// ``submitCardProfile(card:profile:completion:)`` with its answer isolated to the loop.
    func submitCardProfileOnLoop(
        card: String, profile: String, then done: @escaping @ServerLoopActor @Sendable (Result<Void, PulseError>) -> Void
    ) {
        submitCardProfile(card: card, profile: profile) { result in ServerLoopActor.assumeIsolated { done(result) } }
    }
}
