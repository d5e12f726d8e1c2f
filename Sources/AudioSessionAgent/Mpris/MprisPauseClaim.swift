/// A pause the pauser sent to a player: which silenced streams it was for, and whether the
/// player has confirmed it.
struct MprisPauseClaim: Hashable, Sendable {
    /// The silenced streams of this player; the player plays again when the last is released.
    var streams: Set<MprisStreamKey>
    /// Whether the player has reported `Paused` since the pause was sent. Until then a `Playing`
    /// report may predate the pause and is ignored; after it, `Playing` or `Stopped` means the
    /// user took over and the claim is dropped.
    var confirmed: Bool = false
}
