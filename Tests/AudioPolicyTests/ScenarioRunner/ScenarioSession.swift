import AudioSessionModel

/// A session as `audiosessionctl run --category .. --mode .. --option ..` declares it.
struct ScenarioSession: Sendable {
    var name: String
    /// The application id the agent sees for the session's app.
    var app: String
    var configuration: SessionConfiguration
}
