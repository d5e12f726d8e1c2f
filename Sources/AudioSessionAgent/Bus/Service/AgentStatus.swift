/// What `GetStatus` reports besides the policy's own switch, as the running agent knows it.
///
/// ```swift
/// let status = AgentStatus(backend: "pulse", server: "pulseaudio 16.1", policySource: "/etc/xdg/audiosession/policy.toml")
/// ```
public struct AgentStatus: Hashable, Sendable {
    /// The agent's version.
    public var agentVersion: String
    /// The backend in use: `pulse` or `pipewire`.
    public var backend: String
    /// The sound server as it names itself, for example `pulseaudio 16.1`.
    public var server: String
    /// Whether the sound server is reachable (false between `MediaServicesLost` and `MediaServicesReset`).
    public var mediaServicesAvailable: Bool
    /// The policy file in force (the base file; fragments follow it in the loader's order).
    public var policySource: String

    /// The version this build of the agent reports.
    public static let currentVersion = "0.1.0"

    /// A status; the sound server is taken as reachable.
    public init(
        agentVersion: String = AgentStatus.currentVersion, backend: String, server: String,
        mediaServicesAvailable: Bool = true, policySource: String
    ) {
        self.agentVersion = agentVersion
        self.backend = backend
        self.server = server
        self.mediaServicesAvailable = mediaServicesAvailable
        self.policySource = policySource
    }
}
