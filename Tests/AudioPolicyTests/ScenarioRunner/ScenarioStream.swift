import AudioPolicy

/// A stream as a real client makes it (`paplay --property=media.role=..`, a level meter, a loopback, ...).
struct ScenarioStream: Sendable {
    var name: String
    var kind: ScenarioStreamKind
    var direction: StreamDirection
    /// `media.role` as the client sets it, before normalisation.
    var role: String?
    /// The owning session, or `nil` for an app without a session.
    var session: String?
    /// The application id of the app owning the stream.
    var app: String
    /// Whether it runs (is not corked) when it appears.
    var soundingWhenAppearing: Bool
    /// Further properties the client sets.
    var properties: [String: String]
}
