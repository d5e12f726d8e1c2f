/// Who may tag streams with a session's token, as the registering client declared it
/// (`RegisterSession`'s `stream-token-use` property).
///
/// ```swift
/// let properties = try SessionProperties(wire: ["stream-token-use": .string("bearer")])
/// properties.tokenUse   // .bearer: any client carrying the token joins (audiosessionctl run's children)
/// ```
public enum StreamTokenUse: String, Hashable, Sendable, CaseIterable {
    /// The token joins a stream to the session only from a sound-server client bound to the
    /// session: the first client that showed the session's one-time client nonce. The default.
    case bound
    /// Any client carrying the token joins: for launchers such as `audiosessionctl run`, whose
    /// children get the token through the environment and cannot be bound one by one.
    case bearer
}
