public import AudioSessionBus

/// `RegisterSessionWithSecret`'s reply `(ssss)`: the session's id, the token its streams carry, the
/// secret that token derives from (kept by the app, never put on a stream: it proves the token at
/// re-registration) and the one-time nonce the app puts on its sound-server client.
///
/// ```swift
/// let reply = try SecretRegistrationReply(arguments: try await bus.call(…, method: "RegisterSessionWithSecret", …))
/// reply.streamToken   // 32 hex digits
/// reply.tokenSecret   // 64 hex digits
/// ```
public struct SecretRegistrationReply: Hashable, Sendable {
    /// The session's id.
    public var session: String
    /// The token the session's streams carry in `audiosession.token`.
    public var streamToken: String
    /// The secret the token derives from.
    public var tokenSecret: String
    /// The nonce for `audiosession.client-nonce`; empty for a bearer-token session.
    public var clientNonce: String

    /// A reply with these fields.
    public init(session: String, streamToken: String, tokenSecret: String, clientNonce: String) {
        self.session = session
        self.streamToken = streamToken
        self.tokenSecret = tokenSecret
        self.clientNonce = clientNonce
    }

    /// Reads the reply's arguments.
    public init(arguments: BusArguments) throws(WireFormatError) {
        var fields = WireFields(arguments, context: "RegisterSessionWithSecret's reply")
        session = try fields.next("session")
        streamToken = try fields.next("stream_token")
        tokenSecret = try fields.next("token_secret")
        clientNonce = try fields.next("client_nonce")
    }

    /// The reply as the agent sends it.
    public var arguments: BusArguments {
        [.string(session), .string(streamToken), .string(tokenSecret), .string(clientNonce)]
    }
}
