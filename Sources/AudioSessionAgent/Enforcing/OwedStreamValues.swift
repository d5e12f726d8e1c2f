/// The user's values a stream's restore entry owes its next stream, because the stream ended while
/// the agent held it ducked or muted and the server's saved state may keep the agent's values.
///
/// WirePlumber 0.5 saves a stream node's Props at every change under the stream's restore key,
/// the agent's duck and mute included, and reads corrections through `route-settings` for the
/// Notification role alone: the repair the agent writes there at the stream's end changes nothing
/// for other keys. WirePlumber saves again when the next stream of the key changes, so the agent
/// gives that stream the user's values, and WirePlumber then keeps them.
///
/// ```swift
/// var owed = OwedStreamValues()
/// owed.factor = 1          // the node was ducked from its own factor 1
/// owed.unmute = true       // the agent muted it; the user had it unmuted
/// ```
struct OwedStreamValues: Equatable, Sendable {
    /// The node's own volume factor, owed when the agent ducked it; `nil` when not ducked.
    var factor: Double?
    /// Whether the stream is owed an unmute: the agent muted it and the user had not.
    var unmute = false

    /// Whether nothing is owed.
    var isEmpty: Bool { factor == nil && !unmute }

    /// How long after it appeared a stream that is owed values is watched, on either protocol,
    /// for the agent's values: WirePlumber applies its saved state when it links the stream,
    /// within a second on a loaded machine; a user's change after that is the user's. Each of the
    /// stream's change events is checked in that time; no timer polls it.
    static let watchWindow = Duration.seconds(5)
}
