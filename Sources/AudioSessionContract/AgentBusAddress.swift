/// Where the agent lives on the session bus and how streams name their session: the constants
/// of the D-Bus contract (docs/dbus-api.md) that the agent, `audiosessionctl` and the app library
/// all speak.
///
/// ```swift
/// let reply = try await bus.call(
///     destination: AgentBusAddress.busName, path: AgentBusAddress.objectPath,
///     interface: AgentBusAddress.interface, method: "ListSessions")
/// ```
public enum AgentBusAddress {
    /// The well-known name the agent owns on the session bus.
    public static let busName = "org.audiosession.Agent"
    /// The one object the agent exports.
    public static let objectPath = "/org/audiosession/Agent"
    /// The versioned interface; an incompatible change gets a new name (`Agent2`), served alongside.
    public static let interface = "org.audiosession.Agent1"
    /// The stream property (PulseAudio proplist, PipeWire node property) through which a stream
    /// names the session it belongs to; its value is the session's token.
    public static let streamTokenProperty = "audiosession.token"
    /// The client (or stream) property through which an app shows its session's one-time client
    /// nonce, so the agent binds that sound-server client to the session.
    public static let clientNonceProperty = "audiosession.client-nonce"
}
