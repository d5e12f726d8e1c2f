public import AudioSessionModel

extension AudioSession {
    /// Why the session's route changed, open to the reasons a newer agent sends.
    /// `AudioSessionModel.RouteChangeReason` is the exhaustive enum the agent uses.
    ///
    /// ```swift
    /// for await change in session.routeChanges where change.reason == .oldDeviceUnavailable { player.pause() }
    /// ```
    public struct RouteChangeReason: ExtensibleName {
        /// The model's exhaustive enum of the values this version knows.
        public typealias Known = AudioSessionModel.RouteChangeReason

        /// The contract's spelling of the value, as on the bus and in policy files (`play-and-record`).
        public let rawValue: String

        /// The value spelled `rawValue`, known to this version or not.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The reason is not known.
        public static let unknown = Self(Known.unknown)

        /// A preferred device appeared (headphones plugged in).
        public static let newDeviceAvailable = Self(Known.newDeviceAvailable)

        /// The device in use went away (headphones unplugged).
        public static let oldDeviceUnavailable = Self(Known.oldDeviceUnavailable)

        /// The session's category changed and with it the preferred route.
        public static let categoryChange = Self(Known.categoryChange)

        /// The route was overridden (by the user or the app).
        public static let override = Self(Known.override)

        /// The system woke from sleep.
        public static let wakeFromSleep = Self(Known.wakeFromSleep)

        /// No device suits the session's category.
        public static let noSuitableRouteForCategory = Self(Known.noSuitableRouteForCategory)

        /// The device's configuration changed (profile, port or channel layout).
        public static let routeConfigurationChange = Self(Known.routeConfigurationChange)
    }
}
