import AudioSessionBus

extension DesktopSignalSource {
    /// The screen savers (`org.freedesktop.ScreenSaver`, KDE and others; `org.gnome.ScreenSaver`,
    /// GNOME): `GetActive` at start, `ActiveChanged` after; active counts as a locked screen. The
    /// latest word of either wins; logind's `LockedHint` is followed beside it (``LogindWatcher``).
    static let screenSavers: DesktopSignalSource = {
        let savers: [(name: String, path: BusObjectPath)] = [
            ("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver"),
            ("org.gnome.ScreenSaver", "/org/gnome/ScreenSaver"),
        ]
        let interfaces = Set(savers.map(\.name))
        return DesktopSignalSource(
            name: "screen saver", changes: BusMatchRule(member: "ActiveChanged"),
            readCurrent: { bus in
                var active: Bool?
                for (name, path) in savers {
                    let reply = try? await bus.call(destination: name, path: path, interface: name, method: "GetActive", timeout: .seconds(2))
                    if let value = boolean(in: reply?.values.first) { active = value }
                }
                return active
            },
            readChange: { signal in interfaces.contains(signal.interface) ? boolean(in: signal.arguments.values.first) : nil },
            apply: { $0.screenSaverActive = $1 })
    }()

    /// Do-not-disturb of the notification daemon: the `Inhibited` property of
    /// `org.freedesktop.Notifications` (KDE Plasma's and other daemons'), read at start and followed
    /// through `PropertiesChanged`. A daemon without the property, or no daemon, leaves it off.
    static let notificationsInhibited: DesktopSignalSource = {
        let name = "org.freedesktop.Notifications"
        let path: BusObjectPath = "/org/freedesktop/Notifications"
        return DesktopSignalSource(
            name: "notification daemon",
            changes: BusMatchRule(
                interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: path, arguments: [0: name]),
            readCurrent: { bus in
                let reply = try? await bus.call(
                    destination: name, path: path, interface: "org.freedesktop.DBus.Properties", method: "Get",
                    arguments: [.string(name), .string("Inhibited")], timeout: .seconds(2))
                return boolean(in: reply?.values.first)
            },
            readChange: { signal in
                let values = signal.arguments.values
                guard values.count >= 2, case .dictionary(_, _, let changed) = values[1] else { return nil }
                return boolean(in: changed[.string("Inhibited")])
            },
            apply: { $0.notificationsInhibited = $1 })
    }()

    /// GNOME's do-not-disturb: the GSettings key `org.gnome.desktop.notifications show-banners`
    /// (false while it is on), which has no bus signal of its own, read through the desktop
    /// portal's `org.freedesktop.portal.Settings` (xdg-desktop-portal with its GNOME or GTK backend
    /// serves the `org.gnome.desktop.*` namespaces): `ReadOne` at start (`Read` from a portal before
    /// version 2), `SettingChanged` after. Without a portal GNOME's switch is not followed.
    static let gnomeBannersHidden: DesktopSignalSource = {
        let portal = "org.freedesktop.portal.Desktop"
        let path: BusObjectPath = "/org/freedesktop/portal/desktop"
        let interface = "org.freedesktop.portal.Settings"
        let namespace = "org.gnome.desktop.notifications"
        let key = "show-banners"
        return DesktopSignalSource(
            name: "desktop portal (GNOME show-banners)",
            changes: BusMatchRule(interface: interface, member: "SettingChanged", path: path, arguments: [0: namespace]),
            readCurrent: { bus in
                for method in ["ReadOne", "Read"] {
                    let reply = try? await bus.call(
                        destination: portal, path: path, interface: interface, method: method,
                        arguments: [.string(namespace), .string(key)], timeout: .seconds(2))
                    if let showBanners = boolean(in: reply?.values.first) { return !showBanners }
                }
                return nil
            },
            readChange: { signal in
                let values = signal.arguments.values
                guard values.count >= 3, values[1] == .string(key), let showBanners = boolean(in: values[2]) else { return nil }
                return !showBanners
            },
            apply: { $0.gnomeBannersHidden = $1 })
    }()
}
