import SoundServer

/// The user's values a new stream is owed because the server's restore store may hand it the
/// agent's: a stream of its restore entry ended while the agent held it ducked or muted, a sibling
/// of the entry is held now (the pulse protocol's journal), or the server went away holding it.
///
/// WirePlumber 0.5 saves a stream node's Props at every change under the stream's restore key, the
/// agent's duck and mute included, and reads corrections through `route-settings` for the
/// Notification role alone: the repair the agent writes at the stream's end changes nothing for
/// other keys. WirePlumber saves again when the next stream of the key changes, so the agent gives
/// that stream the user's values, and WirePlumber then keeps them. Through pipewire-pulse the same
/// state is the restore entry's; PulseAudio's module-stream-restore takes the repair, and nothing
/// is owed there.
///
/// ```swift
/// var owed = OwedStreamValues()
/// owed.add(OwedStreamValues(level: .nodeFactor(1), duckLevel: 0.3))   // ducked from its own factor 1
/// owed.add(OwedStreamValues(unmute: true))   // the agent muted it; the user had it unmuted
/// ```
struct OwedStreamValues: Equatable, Sendable {
    /// The user's level under the agent's duck: the stream's volume on the pulse protocol, the
    /// node's own Props factor natively; `nil` when nothing ducked it.
    var level: LevelBase?
    /// The level the duck had reached, which tells a volume saved from it; `nil` with no `level`.
    var duckLevel: Double?
    /// Whether the stream is owed an unmute: the agent muted it and the user had not.
    var unmute = false

    /// Whether nothing is owed.
    var isEmpty: Bool { level == nil && !unmute }

    /// The node's own factor, when a native duck is owed.
    var factor: Double? { level?.nodeFactor }

    /// The user's stream volume, when a duck on the pulse protocol is owed.
    var volume: StreamVolume? { level?.streamVolume }

    /// The mute state the user had where the agent's mute is owed back; `nil` when none is.
    var userMute: Bool? { unmute ? false : nil }

    /// Adds what is owed since: a newer level (with its duck's) replaces an older one, and an
    /// unmute stays owed.
    mutating func add(_ newer: OwedStreamValues) {
        if let level = newer.level {
            self.level = level
            duckLevel = newer.duckLevel
        }
        if newer.unmute { unmute = true }
    }

    /// How long after it appeared a stream that is owed values is watched, on either protocol,
    /// for the agent's values: WirePlumber applies its saved state when it links the stream,
    /// within a second on a loaded machine; a user's change after that is the user's. Each of the
    /// stream's change events is checked in that time; no timer polls it.
    static let watchWindow = Duration.seconds(5)
}

extension OwedStreamValues {
    /// Natively: the node's own factor under a duck, and an unmute.
    init(factor: Double?, unmute: Bool) {
        self.init(level: factor.map { .nodeFactor($0) }, unmute: unmute)
    }
}
