extension AudioSession {
    /// Asks to be interrupted when the route's device goes away (`true`), or to hear the route
    /// change alone (`false`, the default), and returns once the agent has the choice
    /// (AVAudioSession's iOS 17 `setPrefersInterruptionOnRouteDisconnect(_:)`).
    ///
    /// With `true`, while the session is active, a device its route uses going away (headphones
    /// unplugged, a Bluetooth headset's link dropping, a USB microphone pulled) sends
    /// ``AudioSession/Interruption/began(reason:)`` with `.routeDisconnected` first, then the
    /// ``AudioSession/RouteChange`` with `.oldDeviceUnavailable` every session hears;
    /// the agent silences the session's streams, as for any interruption. When that device is back
    /// the interruption ends without should-resume: as on iOS, plugging in again is no request to
    /// play, so the app waits for its user. Calling ``setActive(_:options:)`` meanwhile resumes
    /// at once, with no end to follow.
    ///
    /// Different from iOS on purpose: iOS 17 interrupts Now Playing apps by default; here the
    /// default is `false`, so apps written before this preference existed keep the plain route
    /// change. The desktop's policy decides whether asking counts
    /// (`[interruption] interrupt-on-route-disconnect`, on in the shipped policies).
    ///
    /// Without the agent the choice is kept and sent when the agent appears.
    ///
    /// ```swift
    /// try await session.setPrefersInterruptionOnRouteDisconnect(true)
    /// for await interruption in session.interruptions {
    ///     if case .began(reason: .routeDisconnected) = interruption { player.pause() }
    /// }
    /// ```
    public func setPrefersInterruptionOnRouteDisconnect(_ prefers: Bool) async throws {
        try await core.sendPreference(.interruptionOnRouteDisconnect, prefers)
    }

    /// Whether the app asked with ``setPrefersInterruptionOnRouteDisconnect(_:)`` to be
    /// interrupted when its route's device goes away; `false` until it did.
    ///
    /// ```swift
    /// if !session.prefersInterruptionOnRouteDisconnect {
    ///     try await session.setPrefersInterruptionOnRouteDisconnect(true)
    /// }
    /// ```
    public var prefersInterruptionOnRouteDisconnect: Bool { core.preference(.interruptionOnRouteDisconnect) }
}
