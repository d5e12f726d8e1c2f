import AudioSessionBus
import Logging
import ServiceLifecycle

/// Follows the screen savers on the session bus (`org.freedesktop.ScreenSaver`, KDE and others;
/// `org.gnome.ScreenSaver`, GNOME): `ActiveChanged(true)` counts as a locked screen, `false` as
/// unlocked. The latest word of either wins; logind's `LockedHint` is followed beside it
/// (``LogindWatcher``).
///
/// ```swift
/// let watcher = ScreenSaverWatcher(sessionBus: bus, board: board, logger: logger)
/// ```
final class ScreenSaverWatcher: Service, Sendable {
    /// Each screen saver's bus name, object path and interface (the same name for both).
    static let screenSavers: [(name: String, path: BusObjectPath)] = [
        ("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver"),
        ("org.gnome.ScreenSaver", "/org/gnome/ScreenSaver"),
    ]

    private let sessionBus: BusConnection
    private let board: DesktopStateBoard
    private let logger: Logger

    init(sessionBus: BusConnection, board: DesktopStateBoard, logger: Logger) {
        self.sessionBus = sessionBus
        self.board = board
        self.logger = logger
    }

    /// Follows the screen savers until graceful shutdown or cancellation.
    func run() async throws {
        // Subscribed before asking, so a change in between is not missed.
        guard let changes = try await sessionBus.signalsUnlessClosed(matching: BusMatchRule(member: "ActiveChanged")) else {
            return
        }
        for (name, path) in Self.screenSavers {
            guard let reply = try? await sessionBus.call(
                destination: name, path: path, interface: name, method: "GetActive", timeout: .seconds(2)),
                case .boolean(let active)? = reply.values.first
            else { continue }
            logger.debug("screen saver found", metadata: ["screensaver.name": "\(name)", "screensaver.active": "\(active)"])
            board.update { $0.screenSaverActive = active }
        }
        let interfaces = Set(Self.screenSavers.map(\.name))
        for await signal in changes.cancelOnGracefulShutdown() where interfaces.contains(signal.interface) {
            guard case .boolean(let active)? = signal.arguments.values.first else { continue }
            board.update { $0.screenSaverActive = active }
        }
    }
}
