import Synchronization

/// A callback registration made with one of the session's `observe…` methods; the callback is
/// called until ``cancel()`` is called or the token is released, so keep it as long as you
/// want the callbacks.
///
/// ```swift
/// @MainActor final class PlayerView {
///     var observation: AudioSessionObservation?
///     func start(_ session: AudioSession) {
///         observation = session.observeInterruptions { [weak self] interruption in
///             Task { @MainActor in self?.showPaused(interruption.type == .began) }
///         }
///     }
///     func showPaused(_ paused: Bool) { /* update the UI */ }
/// }
/// ```
public final class AudioSessionObservation: Sendable {
    private let cancellation: Mutex<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) {
        cancellation = Mutex(cancel)
    }

    /// Stops the callbacks; a callback running right now finishes. Safe to call more than once.
    ///
    /// ```swift
    /// observation.cancel()
    /// ```
    public func cancel() {
        let cancel = cancellation.withLock { cancel in
            defer { cancel = nil }
            return cancel
        }
        cancel?()
    }

    deinit { cancel() }
}
