import AudioPolicy
import Foundation
import Synchronization

/// What the desktop watchers learnt, from each source, merged into the engine's
/// ``DesktopState``: the screen is locked when logind or a screen saver says so; do-not-disturb
/// is on when the notification daemon's `Inhibited`, GNOME's `show-banners` = false, or the user's own switch
/// (`audiosessionctl dnd on`, ``setUserDoNotDisturb(_:)``) says so. Each change that
/// changes the merged state becomes one `desktopChanged` event.
///
/// ```swift
/// let board = DesktopStateBoard(coordinator: coordinator)
/// board.update { $0.screenSaverActive = true }   // the engine hears isLocked = true
/// ```
public final class DesktopStateBoard: Sendable {
    /// Each source's word.
    struct Sources: Sendable {
        var isSleeping = false
        var logindLocked = false
        var screenSaverActive = false
        var notificationsInhibited = false
        var userDoNotDisturb = false
        /// GNOME's `show-banners` is false (its "Do Not Disturb").
        var gnomeBannersHidden = false

        var state: DesktopState {
            DesktopState(
                isSleeping: isSleeping, isLocked: logindLocked || screenSaverActive,
                doNotDisturb: notificationsInhibited || userDoNotDisturb || gnomeBannersHidden)
        }
    }

    private let sources = Mutex(Sources())
    private let coordinator: PolicyCoordinator
    /// Where the user's switch is kept, so an agent that restarts keeps it; nil: not kept.
    let userSwitchFile: String?

    /// A board telling `coordinator`'s engine; the user's switch is read from `userSwitchFile`
    /// (a file that exists means on) and kept there.
    public init(coordinator: PolicyCoordinator, userSwitchFile: String? = nil) {
        self.coordinator = coordinator
        self.userSwitchFile = userSwitchFile
        if let userSwitchFile, FileManager.default.fileExists(atPath: userSwitchFile) {
            update { $0.userDoNotDisturb = true }
        }
    }

    /// Each source's word now.
    var current: Sources { sources.withLock { $0 } }

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
