/// A stream kept silent because the device it played to was unplugged (pause on unplug).
struct UnplugHold: Hashable, Sendable {
    /// The device that went away.
    var device: DeviceID
    /// The device the stream fell back to when the hold began, if known: a later move elsewhere
    /// is the user's choice and ends the hold.
    var fellBackTo: DeviceID?
    /// When the hold began (``PolicyState/now``), for the policy's time limit.
    var since: Int
}
