import AudioSessionModel

// A muted input interrupts the sessions that record from it, as iOS interrupts them with
// `builtInMicMuted` when the built-in microphone is muted: the user muted the device on the
// server (a mute key, a mixer's switch), so nothing the session records is heard. Like the
// system's sleep it holds the interruption by itself, until the input is unmuted.
extension PolicyEngine {
    /// A capture device's mute changed: the active sessions recording from it are interrupted
    /// (muted), or the interruptions it held end (unmuted).
    mutating func inputMuteChanged(_ device: DeviceInfo) {
        if device.isMuted {
            interruptRecorders(on: device)
        } else {
            endInterruptions(holding: \.mutedInput, by: device, shouldResume: true, rule: "its input \(device.port.name) was unmuted")
        }
    }

    /// Interrupts every active session that records from `device`; exempt apps are left alone,
    /// as by any interruption.
    private mutating func interruptRecorders(on device: DeviceInfo) {
        guard state.policy.enabled else { return }
        let held = state.sessions.values.filter { session in
            session.activity == .active && !session.appExempt && session.configuration.category.records
                && routeDevices(of: session, .capture).contains(device.id)
        }.map(\.id).sorted()
        interrupt(held, holding: \.mutedInput, by: device, reason: .builtInMicMuted, rule: "its input \(device.port.name) was muted")
    }

}
