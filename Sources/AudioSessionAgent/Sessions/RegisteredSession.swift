public import AudioPolicy
public import AudioSessionModel

/// A session as the registry holds it: who owns it, who the app is, what it declared.
///
/// ```swift
/// let session = try registry.register(SessionProperties(applicationID: "org.example.Maps"), from: caller)
/// session.id        // "1"
/// session.owner     // the caller: only it may act on the session
/// ```
public struct RegisteredSession: Hashable, Sendable {
    /// The session's id, unique for the agent's lifetime.
    public let id: SessionID
    /// The secret its app puts on its streams; shown to the owner only.
    public let token: StreamToken
    /// The connection that registered it, with its PID and UID from the bus.
    public let owner: BusCaller
    /// The app, as policy rules match it.
    public let app: AppIdentity
    /// Whether the token joins streams only from the client bound to the session, or from any.
    public let tokenUse: StreamTokenUse
    /// The one-time value the app shows on its own sound-server client (`audiosession.client-nonce`)
    /// so the agent binds that client to the session; the first client that shows it burns it.
    public let clientNonce: String
    /// The category, mode and options it declared last (solo-ambient, default, none at first).
    public internal(set) var configuration: SessionConfiguration

    init(id: SessionID, token: StreamToken, owner: BusCaller, app: AppIdentity, tokenUse: StreamTokenUse, clientNonce: String) {
        self.id = id
        self.token = token
        self.owner = owner
        self.app = app
        self.tokenUse = tokenUse
        self.clientNonce = clientNonce
        self.configuration = .initial
    }

    /// The engine event that makes the session known to the policy.
    public var registrationEvent: PolicyEvent { .sessionRegistered(id, app: app) }
}
