import AudioPolicy
import Synchronization

/// What the desktop watchers learnt, from each source, merged into the engine's
/// ``DesktopState``: the screen is locked when logind or a screen saver says so; do-not-disturb
/// is the notification daemon's `Inhibited`. Each change that
/// changes the merged state becomes one `desktopChanged` event.
///
/// ```swift
/// let board = DesktopStateBoard(coordinator: coordinator)
/// board.update { $0.screenSaverActive = true }   // the engine hears isLocked = true
/// ```
final class DesktopStateBoard: Sendable {
    /// Each source's word.
    struct Sources: Sendable {
        var isSleeping = false
        var logindLocked = false
        var screenSaverActive = false
        var notificationsInhibited = false

        var state: DesktopState {
            DesktopState(isSleeping: isSleeping, isLocked: logindLocked || screenSaverActive, doNotDisturb: notificationsInhibited)
        }
    }

    private let sources = Mutex(Sources())
    private let coordinator: PolicyCoordinator

    init(coordinator: PolicyCoordinator) {
        self.coordinator = coordinator
    }

    /// Changes what the sources say; the engine hears of it when the merged state changed.
    /// Returns whether it did.
    @discardableResult
    func update(_ change: (inout Sources) -> Void) -> Bool {
        // Under the board's lock, so two watchers' changes reach the engine in the order they were made.
        sources.withLock { sources in
            let before = sources.state
            change(&sources)
            let after = sources.state
            guard after != before else { return false }
            coordinator.handle(.desktopChanged(after))
            return true
        }
    }
}
