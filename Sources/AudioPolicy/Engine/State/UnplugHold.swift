/// A stream kept silent because the device it played to was unplugged (pause on unplug).
struct UnplugHold: Hashable, Sendable {
    /// The device that went away.
    var device: DeviceID
    /// The device the stream fell back to when the hold began, if known: a later move elsewhere
    /// is the user's choice and ends the hold.
    var fellBackTo: DeviceID?
    /// When the hold began (``PolicyState/now``), for the policy's time limit.
    var since: Int
    /// Whether the stream has run on the device it fell back to. A stop after that is the
    /// player's pause once it has lasted ``PolicyEngine/pauseSettleMilliseconds``; before that
    /// only after the longer ``PolicyEngine/relinkGraceMilliseconds`` (pipewire-pulse reports a
    /// relinked stream corked until its node runs).
    var ranAfterFallback = false
    /// Since when the stream has sat where it fell back (or unlinked) without running
    /// (``PolicyState/now``): once that has lasted ``PolicyEngine/pauseCounts(of:)`` it is a pause
    /// (its player paused, or was paused while pipewire-pulse was still relinking it).
    var quietSince: Int?
}
