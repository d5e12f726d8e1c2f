import AudioSessionModel

/// The latest plug or unplug, remembered briefly: the server's moves that follow it (streams
/// following the new default, streams rescued from a vanished device) change routes for its reason.
struct DeviceChangeMark: Hashable, Sendable {
    /// new-device-available or old-device-unavailable.
    var reason: RouteChangeReason
    /// The device plugged or unplugged, as a port: a route that gains it (plug) or loses it
    /// (unplug) changed for this reason.
    var port: PortDescription
    /// ``PolicyState/eventSerial`` at the plug or unplug.
    var serial: Int
}
