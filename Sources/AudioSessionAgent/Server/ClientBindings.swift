import AudioPolicy
import AudioSessionContract

/// Which sound-server clients are bound to which session: the first client that shows a session's
/// one-time client nonce (`audiosession.client-nonce` on the client or on one of its streams) is
/// bound to it, and the nonce is burnt, so a client that copies it later binds nothing.
///
/// The agent keeps this beside the graph it translates; a binding ends with its client, its
/// session, or the server connection.
///
/// ```swift
/// var bindings = ClientBindings()
/// bindings.bind(client: 12, showing: ["audiosession.client-nonce": nonce], among: registry.sessions)
/// bindings.clients(of: session.id)  // [12]
/// ```
struct ClientBindings: Sendable {
    /// The property a client shows its nonce in.
    static var nonceProperty: String { AgentBusAddress.clientNonceProperty }

    private var sessionOfClient: [UInt32: SessionID] = [:]
    private var burnt: Set<String> = []

    /// Binds `client` to the session whose unburnt nonce `properties` show, if any, and burns it.
    /// A client already bound stays bound to its first session.
    mutating func bind(client: UInt32, showing properties: [[String: String]], among sessions: [RegisteredSession]) {
        guard sessionOfClient[client] == nil else { return }
        for nonce in properties.compactMap({ $0[Self.nonceProperty] }) where !nonce.isEmpty && !burnt.contains(nonce) {
            guard let session = sessions.first(where: { $0.clientNonce == nonce }) else { continue }
            burnt.insert(nonce)
            sessionOfClient[client] = session.id
            return
        }
    }

    /// The clients bound to `session`.
    func clients(of session: SessionID) -> Set<UInt32> {
        Set(sessionOfClient.filter { $0.value == session }.keys)
    }

    /// Forgets the binding of a client that vanished: its index may come back for another.
    mutating func forget(client: UInt32) {
        sessionOfClient[client] = nil
    }

    /// Forgets the bindings of sessions that ended.
    mutating func keep(sessions: [RegisteredSession]) {
        let live = Set(sessions.map(\.id))
        sessionOfClient = sessionOfClient.filter { live.contains($0.value) }
    }
}
