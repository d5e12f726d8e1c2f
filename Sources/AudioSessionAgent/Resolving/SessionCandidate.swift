public import AudioPolicy

/// A registered session, as the resolver matches streams against it.
///
/// ```swift
/// let candidate = SessionCandidate(id: "s-7", token: "s-7", processID: 4100)
/// ```
public struct SessionCandidate: Hashable, Sendable {
    /// The session.
    public var id: SessionID
    /// The token its streams carry in `audiosession.token`.
    public var token: String
    /// The process that registered it, as the bus reports it.
    public var processID: Int32
    /// Its Flatpak app id when the registry knows it already; otherwise the resolver asks the
    /// process table.
    public var flatpakAppID: String?
    /// Whether its token joins streams from any client or only from ``boundClients``.
    public var tokenUse: StreamTokenUse
    /// The sound-server clients bound to the session (they showed its client nonce).
    public var boundClients: Set<UInt32>

    /// Creates a candidate; a bearer token unless `tokenUse` says otherwise.
    public init(
        id: SessionID, token: String, processID: Int32, flatpakAppID: String? = nil, tokenUse: StreamTokenUse = .bearer,
        boundClients: Set<UInt32> = []
    ) {
        self.id = id
        self.token = token
        self.processID = processID
        self.flatpakAppID = flatpakAppID
        self.tokenUse = tokenUse
        self.boundClients = boundClients
    }

    /// Whether a stream of `client` may join the session by carrying its token.
    func acceptsToken(fromClient client: UInt32?) -> Bool {
        switch tokenUse {
        case .bearer: true
        case .bound: client.map(boundClients.contains) ?? false
        }
    }
}
