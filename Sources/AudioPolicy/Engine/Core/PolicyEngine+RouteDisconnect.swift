import AudioSessionModel

// AVAudioSession's `prefersInterruptionOnRouteDisconnect` (iOS 17): a session whose app asked is
// interrupted with `route-disconnected` when a device its route uses goes away, besides the route
// change (`old-device-unavailable`) every session hears. The policy decides whether apps' asking
// counts (`[interruption] interrupt-on-route-disconnect`). The interruption holds until the device
// is back, and then ends without should-resume: as on iOS, plugging headphones in again is no
// request to play, so the app resumes when its user asks (it may reactivate at any time before).
extension PolicyEngine {
    /// `device` went away: the active sessions that asked for it and whose route used it are
    /// interrupted (`route-disconnected`); exempt apps are left alone, as by any interruption.
    mutating func interruptSessionsDisconnected(from device: DeviceInfo) {
        guard state.policy.enabled, state.policy.interruption.interruptOnRouteDisconnect else { return }
        let held = state.sessions.values.filter { session in
            let category = session.configuration.category
            let usesDirection = device.direction == .playback ? category.plays : category.records
            return session.activity == .active && !session.appExempt && usesDirection
                && session.preferences.contains(.interruptionOnRouteDisconnect)
                && routeDevices(of: session, device.direction).contains(device.id)
        }.map(\.id).sorted()
        interrupt(held, holding: \.disconnectedDevice, by: device, reason: .routeDisconnected, rule: "its device \(device.port.name) went away")
    }

    /// `device` is back: the interruptions its going away held end, without should-resume.
    mutating func endDisconnectInterruptions(of device: DeviceInfo) {
        endInterruptions(
            holding: \.disconnectedDevice, by: device, shouldResume: false, rule: "its device \(device.port.name) is back")
    }
}
