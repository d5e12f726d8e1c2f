import AudioSessionModel

/// The session as the agent knows it: its id, the secret token its streams carry, the agent
/// instance (bus unique name) that issued them, and the configuration last sent.
struct AgentRegistration: Hashable, Sendable {
    var sessionID: String
    var token: String
    var agentOwner: String
    var sentConfiguration: SessionConfiguration?
}
