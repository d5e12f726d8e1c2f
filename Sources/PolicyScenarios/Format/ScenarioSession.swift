public import AudioSessionModel

/// A session as `audiosessionctl run --category .. --mode .. --option ..` declares it.
///
/// ```swift
/// let maps = scenario.sessions["maps"]
/// print(maps?.configuration.category.kebabName ?? "no such session")  // "playback"
/// ```
public struct ScenarioSession: Sendable {
    /// The session's name in the scenario file.
    public let name: String
    /// The application id the agent sees for the session's app.
    public let app: String
    /// What the app declares when it registers.
    public let configuration: SessionConfiguration
}
