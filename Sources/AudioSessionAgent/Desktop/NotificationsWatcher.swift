import AudioSessionBus
import Logging
import ServiceLifecycle

/// Follows do-not-disturb through the notification daemon on the session bus: the `Inhibited`
/// property of `org.freedesktop.Notifications` (KDE Plasma's and other daemons' do-not-disturb),
/// read at start and followed through `PropertiesChanged`. A daemon without the property, or no
/// daemon, leaves do-not-disturb off.
///
/// ```swift
/// let watcher = NotificationsWatcher(sessionBus: bus, board: board, logger: logger)
/// ```
final class NotificationsWatcher: Service, Sendable {
    static let name = "org.freedesktop.Notifications"
    static let path: BusObjectPath = "/org/freedesktop/Notifications"

    private let sessionBus: BusConnection
    private let board: DesktopStateBoard
    private let logger: Logger

    init(sessionBus: BusConnection, board: DesktopStateBoard, logger: Logger) {
        self.sessionBus = sessionBus
        self.board = board
        self.logger = logger
    }

    /// Follows `Inhibited` until graceful shutdown or cancellation.
    func run() async throws {
        // Subscribed before asking, so a change in between is not missed.
        guard let changes = try await sessionBus.signalsUnlessClosed(
            matching: BusMatchRule(
                interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: Self.path,
                arguments: [0: Self.name]))
        else { return }
        if let reply = try? await sessionBus.call(
            destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Properties", method: "Get",
            arguments: [.string(Self.name), .string("Inhibited")], timeout: .seconds(2)),
            case .variant(.boolean(let inhibited))? = reply.values.first
        {
            logger.debug("notification daemon found", metadata: ["notifications.inhibited": "\(inhibited)"])
            board.update { $0.notificationsInhibited = inhibited }
        }
        for await signal in changes.cancelOnGracefulShutdown() {
            let values = signal.arguments.values
            guard values.count >= 2, case .dictionary(_, _, let changed) = values[1],
                case .variant(.boolean(let inhibited))? = changed[.string("Inhibited")]
            else { continue }
            board.update { $0.notificationsInhibited = inhibited }
        }
    }
}
