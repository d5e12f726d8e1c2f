public import AudioSessionBus

/// `GetStatus`'s reply `(sssbsb)`: what the agent runs on and with which policy.
///
/// ```swift
/// let status = StatusReply(
///     agentVersion: "0.1.0", backend: "pulse", server: "pulseaudio 16.1", mediaServicesAvailable: true,
///     policySource: "/etc/xdg/audiosession/policy.toml", policyEnabled: true)
/// let back = try StatusReply(arguments: status.arguments)   // == status
/// ```
public struct StatusReply: Hashable, Sendable {
    /// The agent's version.
    public var agentVersion: String
    /// The backend in use: `pulse` or `pipewire`.
    public var backend: String
    /// The sound server as it names itself, for example `pulseaudio 16.1`.
    public var server: String
    /// Whether the sound server is reachable (false between `MediaServicesLost` and `MediaServicesReset`).
    public var mediaServicesAvailable: Bool
    /// The policy file in force.
    public var policySource: String
    /// Whether the policy is switched on.
    public var policyEnabled: Bool

    /// A status reply with these fields.
    public init(
        agentVersion: String, backend: String, server: String, mediaServicesAvailable: Bool, policySource: String,
        policyEnabled: Bool
    ) {
        self.agentVersion = agentVersion
        self.backend = backend
        self.server = server
        self.mediaServicesAvailable = mediaServicesAvailable
        self.policySource = policySource
        self.policyEnabled = policyEnabled
    }

    /// Reads the reply's arguments.
    public init(arguments: BusArguments) throws(WireFormatError) {
        var fields = WireFields(arguments, context: "GetStatus's reply")
        agentVersion = try fields.next("agent_version")
        backend = try fields.next("backend")
        server = try fields.next("server")
        mediaServicesAvailable = try fields.next("media_services_available")
        policySource = try fields.next("policy_source")
        policyEnabled = try fields.next("policy_enabled")
    }

    /// The reply as the agent sends it.
    public var arguments: BusArguments {
        [
            .string(agentVersion), .string(backend), .string(server), .boolean(mediaServicesAvailable),
            .string(policySource), .boolean(policyEnabled),
        ]
    }
}
