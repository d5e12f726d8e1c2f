import AudioSessionModel

/// The session as the agent knows it: its id, the secret token its streams carry, the agent
/// instance (bus unique name) that issued them, and the configuration and routing choices last sent.
struct AgentRegistration: Hashable, Sendable {
    var sessionID: String
    var token: String
    /// The one-time value the app shows on its streams' client so the agent binds that client to
    /// the session (docs/dbus-api.md, "Stream tokens").
    var clientNonce: String
    var agentOwner: String
    var sentConfiguration: SessionConfiguration?
    /// The output override the agent has (`OverrideOutputPort`); a new registration starts without.
    var sentOutputOverride: AudioSession.PortOverride = .none
    /// The preferred input the agent has (`SetPreferredInput`); `nil` for none.
    var sentPreferredInputUID: String?
    /// The hardware preferences the agent has (`SetPreferredHardware`); a new registration starts without.
    var sentHardware = HardwarePreferenceWire()
    /// The echo-cancellation choice the agent has (`SetPrefersEchoCancelledInput`); `nil` until sent.
    var sentPrefersEchoCancelledInput: Bool?
    /// The session preferences the agent has (`SetSessionPreference`); a new registration starts without.
    var sentPreferences: [SessionPreference: Bool] = [:]
    /// The input mute the agent has (`SetInputMuted`); a new registration starts unmuted.
    var sentInputMuted = false
}
