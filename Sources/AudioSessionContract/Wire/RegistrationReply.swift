public import AudioSessionBus

/// `RegisterSession`'s reply `(ss)`: the new session's id and the secret token its streams carry.
///
/// ```swift
/// let reply = try RegistrationReply(arguments: try await bus.call(…, method: "RegisterSession", …))
/// reply.session       // "3"
/// reply.streamToken   // 32 hex digits
/// ```
public struct RegistrationReply: Hashable, Sendable {
    /// The session's id.
    public var session: String
    /// The secret the session's streams carry in `audiosession.token`.
    public var streamToken: String

    /// A reply with these fields.
    public init(session: String, streamToken: String) {
        self.session = session
        self.streamToken = streamToken
    }

    /// Reads the reply's arguments.
    public init(arguments: BusArguments) throws(WireFormatError) {
        var fields = WireFields(arguments, context: "RegisterSession's reply")
        session = try fields.next("session")
        streamToken = try fields.next("stream_token")
    }

    /// The reply as the agent sends it.
    public var arguments: BusArguments { [.string(session), .string(streamToken)] }
}
