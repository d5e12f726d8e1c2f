/// The user's values a new stream takes over from a sibling the agent is silencing or ducking:
/// while the agent holds a stream of a role muted or lowered, the server's restore database may
/// hand the same mute or volume to the next stream of that role, and that stream must not keep
/// the agent's values as if they were the user's.
struct InheritedBase: Equatable {
    /// Whether the user had the role muted before the agent silenced the sibling; `nil` when no
    /// sibling is silenced.
    var isMuted: Bool?
    /// The user's volume of the sibling before the agent ducked it; `nil` when none is ducked.
    var volume: StreamVolume?

    /// Whether no sibling held anything of the agent's.
    var isEmpty: Bool { isMuted == nil && volume == nil }
}
