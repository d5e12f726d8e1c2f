/// Why a session's route changed.
public enum RouteChangeReason: String, KebabNamed {
    /// The reason is not known.
    case unknown = "unknown"
    /// A preferred device appeared (headphones plugged in); last-in wins.
    case newDeviceAvailable = "new-device-available"
    /// The device in use went away (headphones unplugged).
    case oldDeviceUnavailable = "old-device-unavailable"
    /// The session's category changed and with it the preferred route.
    case categoryChange = "category-change"
    /// The route was overridden (by the user or the app).
    case override = "override"
    /// The system woke from sleep.
    case wakeFromSleep = "wake-from-sleep"
    /// No device suits the session's category (a record session with no input).
    case noSuitableRouteForCategory = "no-suitable-route-for-category"
    /// The device's configuration changed (profile, port or channel layout).
    case routeConfigurationChange = "route-configuration-change"

    /// Says `route change reason` in messages.
    public static var kindName: String { "route change reason" }
}
