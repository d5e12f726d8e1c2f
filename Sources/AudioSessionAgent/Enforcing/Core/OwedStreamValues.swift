import SoundServer

/// The user's values a stream's restore entry is owed because the server's restore store may
/// hold the agent's: for the entry's next stream (a stream of the entry ended while the agent held
/// it ducked or muted, or a sibling of the entry is held now, the pulse protocol's journal), and
/// for the entry itself when the server goes away holding them (``LostServerRepairs``, the repairs
/// written lately, ``RecentRepairs``): one shape for both protocols, keyed by the entry's name
/// (``StreamActuator/restoreEntryName(of:)``).
///
/// WirePlumber 0.5 saves a stream node's Props at every change under the stream's restore key, the
/// agent's duck and mute included, and reads corrections through `route-settings` for the
/// Notification role alone: the repair the agent writes at the stream's end changes nothing for
/// other keys. WirePlumber saves again when the next stream of the key changes, so the agent gives
/// that stream the user's values, and WirePlumber then keeps them. Through pipewire-pulse the same
/// state is the restore entry's; PulseAudio's module-stream-restore takes the repair, and nothing
/// is owed there to a next stream.
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
    /// The mute state the user had where the agent's mute may be saved; `nil` when none is owed.
    var userMute: Bool?
    /// The device the user's stream was on before the agent moved it (a pulse restore entry
    /// keeps it; WirePlumber follows `target.object` instead); `nil` when not moved.
    var device: String?

    /// The values owed: a level (under a duck that reached `duckLevel`), a mute state, a device.
    init(level: LevelBase? = nil, duckLevel: Double? = nil, userMute: Bool? = nil, device: String? = nil) {
        self.level = level
        self.duckLevel = duckLevel
        self.userMute = userMute
        self.device = device
    }

    /// A level (under a duck that reached `duckLevel`) and, where `unmute`, an unmute.
    init(level: LevelBase? = nil, duckLevel: Double? = nil, unmute: Bool) {
        self.init(level: level, duckLevel: duckLevel, userMute: unmute ? false : nil)
    }

    /// Whether the stream is owed an unmute: the agent muted it and the user had not. Set to
    /// `false`, no mute state is owed.
    var unmute: Bool {
        get { userMute == false }
        set { userMute = newValue ? false : nil }
    }

    /// Whether nothing is owed.
    var isEmpty: Bool { level == nil && userMute == nil && device == nil }

    /// The node's own factor, when a native duck is owed.
    var factor: Double? { level?.nodeFactor }

    /// The user's stream volume, when a duck on the pulse protocol is owed.
    var volume: StreamVolume? { level?.streamVolume }

    /// Adds what is owed since: each value the newer one names (a level with its duck's, a mute
    /// state, a device) replaces the older one; the others stay owed.
    mutating func add(_ newer: OwedStreamValues) {
        if let level = newer.level {
            self.level = level
            duckLevel = newer.duckLevel
        }
        if let userMute = newer.userMute { self.userMute = userMute }
        if let device = newer.device { self.device = device }
    }

    /// How long after it appeared a stream that is owed values is watched, on either protocol,
    /// for the agent's values: WirePlumber applies its saved state when it links the stream,
    /// within a second on a loaded machine; a user's change after that is the user's. Each of the
    /// stream's change events is checked in that time; no timer polls it.
    static let watchWindow = Duration.seconds(5)
}

extension OwedStreamValues {
    /// Natively: the node's own factor under a duck, and the user's mute state.
    init(factor: Double?, userMute: Bool? = nil) {
        self.init(level: factor.map { .nodeFactor($0) }, userMute: userMute)
    }
}
