public import AudioPolicy
public import AudioSessionModel

/// The sessions apps registered over the bus: who owns each, and the engine events their calls mean.
///
/// Pure bookkeeping, no bus: the agent's bus service passes in the caller's unique name (and, at
/// registration, its PID and UID from the bus) and feeds the returned events to the
/// ``PolicyEngine``. A session belongs to the connection that registered it: every other
/// connection gets ``SessionRegistryError/accessDenied(_:)``. Sessions per connection, per app
/// (``AppAccount``) and in all are bounded by ``SessionLimits``. When a connection goes away its sessions end, which the
/// engine treats as a deactivation with notify-others.
///
/// ```swift
/// var registry = SessionRegistry()
/// let caller = BusCaller(uniqueName: ":1.42", processID: 4242, userID: 1000)
/// let nav = try registry.register(SessionProperties(applicationID: "org.example.Maps"), from: caller)
/// engine.handle(nav.registrationEvent)
/// engine.handle(try registry.configure(nav.id, by: ":1.42", category: "playback", mode: "voice-prompt", options: ["duck-others"]))
/// engine.handle(try registry.activate(nav.id, by: ":1.42"))
/// try registry.activate(nav.id, by: ":1.50")           // throws accessDenied
/// for event in registry.connectionClosed(":1.42") { engine.handle(event) }  // .sessionEnded(nav.id)
/// ```
public struct SessionRegistry: Hashable, Sendable {
    /// The bounds on how many sessions are held.
    public let limits: SessionLimits
    private var byID: [SessionID: RegisteredSession] = [:]
    private var byToken: [StreamToken: SessionID] = [:]
    /// Each connection's sessions, in registration order.
    private var byConnection: [String: [SessionID]] = [:]
    /// How many live sessions each app holds.
    private var byApp: [AppAccount: Int] = [:]
    private var registrationOrder: [SessionID] = []
    private var nextNumber = 1

    /// Creates an empty registry.
    public init(limits: SessionLimits = .standard) {
        self.limits = limits
    }

    /// Every live session, in registration order.
    public var sessions: [RegisteredSession] { registrationOrder.compactMap { byID[$0] } }

    /// The live session with this id, whoever owns it.
    public subscript(id: SessionID) -> RegisteredSession? { byID[id] }

    /// The live sessions `connection` registered, in registration order.
    public func sessions(ownedBy connection: String) -> [RegisteredSession] {
        (byConnection[connection] ?? []).compactMap { byID[$0] }
    }

    /// The session whose app put `token` on a stream, if it is live.
    public func session(forStreamToken token: StreamToken) -> RegisteredSession? {
        byToken[token].flatMap { byID[$0] }
    }

    /// Registers a session whose token derives from `secret`; feed its
    /// ``RegisteredSession/registrationEvent`` to the engine.
    ///
    /// A caller asking for an earlier token (``SessionProperties/streamToken``, after an agent
    /// restart) must give the secret it derives from (``SessionProperties/tokenSecret``), which
    /// only the connection that first registered it was told: otherwise ``SessionRegistryError/tokenNotProven``.
    /// Without properties naming one, the session takes `secret`.
    public mutating func register(
        _ properties: SessionProperties, from caller: BusCaller, secret: StreamTokenSecret
    ) throws(SessionRegistryError) -> (session: RegisteredSession, secret: StreamTokenSecret) {
        let chosen = properties.tokenSecret ?? secret
        if let claimed = properties.streamToken, claimed != properties.tokenSecret?.token {
            throw .tokenNotProven
        }
        return (try register(properties, from: caller, token: chosen.token), chosen)
    }

    /// Registers a session owned by `caller`'s connection with `token` as it is; feed its
    /// ``RegisteredSession/registrationEvent`` to the engine.
    ///
    /// The app identity combines what the bus and the caller's process say (PID, binary, Flatpak id:
    /// verified) with the application id the app declared.
    public mutating func register(
        _ properties: SessionProperties, from caller: BusCaller, token: StreamToken = .random()
    ) throws(SessionRegistryError) -> RegisteredSession {
        let held = byConnection[caller.uniqueName]?.count ?? 0
        guard held < limits.perConnection else {
            throw .tooManySessions(connection: caller.uniqueName, limit: limits.perConnection)
        }
        let account = AppAccount(caller)
        guard byApp[account, default: 0] < limits.perApp else {
            throw .tooManySessions(app: account, limit: limits.perApp)
        }
        guard byID.count < limits.total else { throw .tooManySessions(limit: limits.total) }
        guard byToken[token] == nil else { throw .tokenInUse }

        let id = SessionID(String(nextNumber))
        nextNumber += 1
        let app = AppIdentity(
            applicationID: properties.applicationID, processBinary: caller.processBinary, flatpakID: caller.flatpakID,
            processID: caller.processID.map(Int.init), evidence: caller.evidence)
        let session = RegisteredSession(
            id: id, token: token, owner: caller, app: app, tokenUse: properties.tokenUse,
            clientNonce: StreamToken.random().rawValue)
        byID[id] = session
        byToken[token] = id
        byConnection[caller.uniqueName, default: []].append(id)
        byApp[account, default: 0] += 1
        registrationOrder.append(id)
        return session
    }

    /// The session, if `connection` owns it; for reads (`GetState`, `GetCurrentRoute`) as well as calls that change it.
    public func session(_ id: SessionID, ownedBy connection: String) throws(SessionRegistryError) -> RegisteredSession {
        guard let session = byID[id] else { throw .noSuchSession(id) }
        guard session.owner.uniqueName == connection else { throw .accessDenied(id) }
        return session
    }

    /// Records a new configuration, given as kebab-case names from the wire, and returns its event.
    public mutating func configure(
        _ id: SessionID, by connection: String, category: String, mode: String, options: [String]
    ) throws(SessionRegistryError) -> PolicyEvent {
        _ = try session(id, ownedBy: connection)
        let configuration = try SessionConfiguration(wireCategory: category, mode: mode, options: options)
        return try configure(id, by: connection, configuration)
    }

    /// Records a new, already valid configuration and returns its event.
    public mutating func configure(
        _ id: SessionID, by connection: String, _ configuration: SessionConfiguration
    ) throws(SessionRegistryError) -> PolicyEvent {
        _ = try session(id, ownedBy: connection)
        byID[id]?.configuration = configuration
        return .sessionConfigured(id, configuration)
    }

    /// The event of an activation request; the engine decides whether it is granted.
    public func activate(_ id: SessionID, by connection: String) throws(SessionRegistryError) -> PolicyEvent {
        _ = try session(id, ownedBy: connection)
        return .sessionActivated(id)
    }

    /// The event of a deactivation; `notifyOthers` lets the sessions it interrupted resume.
    public func deactivate(
        _ id: SessionID, by connection: String, notifyOthers: Bool
    ) throws(SessionRegistryError) -> PolicyEvent {
        _ = try session(id, ownedBy: connection)
        return .sessionDeactivated(id, notifyOthers: notifyOthers)
    }

    /// Ends a session at its owner's request; the engine treats it as a deactivation with notify-others.
    public mutating func unregister(_ id: SessionID, by connection: String) throws(SessionRegistryError) -> PolicyEvent {
        _ = try session(id, ownedBy: connection)
        remove(id)
        return .sessionEnded(id)
    }

    /// Ends every session of a connection that left the bus (its unique name lost its owner), in
    /// registration order; each ends as a deactivation with notify-others.
    public mutating func connectionClosed(_ connection: String) -> [PolicyEvent] {
        let ids = byConnection[connection] ?? []
        for id in ids { remove(id) }
        return ids.map { .sessionEnded($0) }
    }

    private mutating func remove(_ id: SessionID) {
        guard let session = byID.removeValue(forKey: id) else { return }
        byToken[session.token] = nil
        let connection = session.owner.uniqueName
        byConnection[connection]?.removeAll { $0 == id }
        if byConnection[connection]?.isEmpty == true { byConnection[connection] = nil }
        let account = AppAccount(session.owner)
        byApp[account, default: 1] -= 1
        if byApp[account] == 0 { byApp[account] = nil }
        registrationOrder.removeAll { $0 == id }
    }
}
