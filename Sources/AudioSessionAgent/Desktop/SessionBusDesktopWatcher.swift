import AudioSessionBus
import Logging
import ServiceLifecycle

/// Follows one desktop switch on the session bus (a ``DesktopSignalSource``: the screen savers,
/// the notification daemon's do-not-disturb, GNOME's through the desktop portal) and tells the
/// board: its value at start, then each change its signal announces.
///
/// ```swift
/// let watcher = SessionBusDesktopWatcher(.screenSavers, sessionBus: bus, board: board, logger: logger)
/// ```
final class SessionBusDesktopWatcher: Service, Sendable {
    private let source: DesktopSignalSource
    private let sessionBus: BusConnection
    private let board: DesktopStateBoard
    private let logger: Logger

    init(_ source: DesktopSignalSource, sessionBus: BusConnection, board: DesktopStateBoard, logger: Logger) {
        self.source = source
        self.sessionBus = sessionBus
        self.board = board
        self.logger = logger
    }

    /// Follows the switch until graceful shutdown or cancellation.
    func run() async throws {
        // Subscribed before asking, so a change in between is not missed.
        guard let changes = try await sessionBus.signalsUnlessClosed(matching: source.changes) else { return }
        let apply = source.apply
        if let value = await source.readCurrent(sessionBus) {
            logger.debug("desktop switch found", metadata: ["desktop.source": "\(source.name)", "desktop.value": "\(value)"])
            board.update { apply(&$0, value) }
        }
        for await signal in changes.cancelOnGracefulShutdown() {
            guard let value = source.readChange(signal) else { continue }
            board.update { apply(&$0, value) }
        }
    }
}
