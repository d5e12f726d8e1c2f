import AudioSessionContract
/// The agent's bus contract, version 1: names, the object path and the introspection data it serves.
///
/// `org.audiosession.Agent1.xml` (next to this file) is embedded at build time, so the agent serves
/// exactly the file docs/dbus-api.md documents. Calls are checked against ``AgentContract``'s static
/// table, which a contract test compares with this XML member by member.
///
/// ```swift
/// AgentInterface.busName      // "org.audiosession.Agent"
/// AgentInterface.objectPath   // "/org/audiosession/Agent"
/// let reply = AgentInterface.introspectionXML  // the reply to Introspect on objectPath
/// ```
public enum AgentInterface {
    /// The well-known name the agent owns on the session bus.
    public static let busName = AgentBusAddress.busName
    /// The one object the agent exports.
    public static let objectPath = AgentBusAddress.objectPath
    /// The versioned interface; an incompatible change gets a new name (`Agent2`), served alongside.
    public static let name = AgentBusAddress.interface
    /// The stream property through which an app ties its streams to its session (see ``StreamToken``).
    public static let streamTokenProperty = AgentBusAddress.streamTokenProperty

    /// The introspection XML, byte for byte as checked into the repository.
    public static var introspectionXML: String {
        String(decoding: PackageResources.org_audiosession_Agent1_xml, as: UTF8.self)
    }
}
