import AudioSessionBus
import Logging
import ServiceLifecycle

/// Follows GNOME's do-not-disturb: the GSettings key `org.gnome.desktop.notifications
/// show-banners` (false while GNOME's "Do Not Disturb" is on), read through the desktop portal's
/// `org.freedesktop.portal.Settings` (xdg-desktop-portal with its GNOME or GTK backend serves the
/// `org.gnome.desktop.*` namespaces): `ReadOne` at start (`Read` from a portal before version 2)
/// and `SettingChanged` after. GSettings itself has no bus signal an agent can read without
/// linking dconf; without a portal, or a portal without the key, the key is not followed.
///
/// ```swift
/// let watcher = GnomeBannersWatcher(sessionBus: bus, board: board, logger: logger)
/// ```
final class GnomeBannersWatcher: Service, Sendable {
    static let portal = "org.freedesktop.portal.Desktop"
    static let path: BusObjectPath = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"
    static let namespace = "org.gnome.desktop.notifications"
    static let key = "show-banners"

    private let sessionBus: BusConnection
    private let board: DesktopStateBoard
    private let logger: Logger

    init(sessionBus: BusConnection, board: DesktopStateBoard, logger: Logger) {
        self.sessionBus = sessionBus
        self.board = board
        self.logger = logger
    }

    /// Follows `show-banners` until graceful shutdown or cancellation.
    func run() async throws {
        // Subscribed before asking, so a change in between is not missed.
        guard let changes = try await sessionBus.signalsUnlessClosed(
            matching: BusMatchRule(
                interface: Self.interface, member: "SettingChanged", path: Self.path, arguments: [0: Self.namespace]))
        else { return }
        if let showBanners = await readShowBanners() {
            logger.debug("desktop portal found", metadata: ["gnome.show-banners": "\(showBanners)"])
            board.update { $0.gnomeBannersHidden = !showBanners }
        }
        for await signal in changes.cancelOnGracefulShutdown() {
            let values = signal.arguments.values
            guard values.count >= 3, values[1] == .string(Self.key), let showBanners = Self.boolean(in: values[2]) else { continue }
            board.update { $0.gnomeBannersHidden = !showBanners }
        }
    }

    /// The key's value from the portal: `ReadOne`, else `Read` (which wraps the value in one more
    /// variant); nil without a portal or the key.
    private func readShowBanners() async -> Bool? {
        for method in ["ReadOne", "Read"] {
            guard let reply = try? await sessionBus.call(
                destination: Self.portal, path: Self.path, interface: Self.interface, method: method,
                arguments: [.string(Self.namespace), .string(Self.key)], timeout: .seconds(2)),
                let value = reply.values.first
            else { continue }
            return Self.boolean(in: value)
        }
        return nil
    }

    /// A boolean inside any number of variants.
    private static func boolean(in value: BusValue) -> Bool? {
        switch value {
        case .boolean(let flag): flag
        case .variant(let inner): boolean(in: inner)
        default: nil
        }
    }
}
