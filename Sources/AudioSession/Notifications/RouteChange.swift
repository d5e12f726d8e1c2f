extension AudioSession {
    /// A change of the session's route, as ``AudioSession/routeChanges`` delivers it: why, and the
    /// route before; ``AudioSession/currentRoute`` is the route now.
    ///
    /// ```swift
    /// for await change in session.routeChanges where change.reason == .oldDeviceUnavailable {
    ///     player.pause()   // the headphones went away
    /// }
    /// ```
    public struct RouteChange: Hashable, Sendable {
        /// Why the route changed.
        ///
        /// ```swift
        /// if change.reason == .oldDeviceUnavailable { player.pause() }
        /// ```
        public var reason: RouteChangeReason
        /// The route before the change.
        ///
        /// ```swift
        /// let wasOnHeadphones = change.previousRoute.outputs.contains { $0.portType == .headphones }
        /// ```
        public var previousRoute: RouteDescription

        /// A route change, as the library delivers it (public for tests of code that handles them).
        ///
        /// ```swift
        /// let change = RouteChange(reason: .newDeviceAvailable, previousRoute: AudioSession.RouteDescription())
        /// ```
        public init(reason: RouteChangeReason, previousRoute: RouteDescription) {
            self.reason = reason
            self.previousRoute = previousRoute
        }
    }
}

/// ``AudioSession/RouteChange`` by its top-level name, as earlier releases had it.
public typealias RouteChange = AudioSession.RouteChange
