/// One player connection on the bus, as the pauser knows it.
struct MprisPlayer: Hashable, Sendable {
    /// The connection's unique name (`:1.42`): calls go there, so a name handed over to another
    /// connection meanwhile never gets a command meant for the old owner.
    var owner: String
    /// The connection's process, from the bus (not from the player).
    var processID: Int32
    /// Its well-known names (usually one; some players add `.instance<PID>` ones).
    var busNames: Set<String>
    /// The pause the pauser sent and still answers for, if any.
    var claim: MprisPauseClaim?
}
