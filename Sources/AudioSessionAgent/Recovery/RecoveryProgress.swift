import Synchronization

/// Whether a journal a previous agent left is still waiting for the grace period: set at start,
/// cleared by the recovery timer once the journal has been dealt with.
final class RecoveryProgress: Sendable {
    private let waiting: Mutex<Bool>

    init(isWaiting: Bool) { waiting = Mutex(isWaiting) }

    /// Whether recovery is still to come.
    var isWaiting: Bool { waiting.withLock { $0 } }

    /// Recovery has run.
    func finished() { waiting.withLock { $0 = false } }
}
