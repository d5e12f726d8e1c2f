import AudioSessionModel

/// Something that happens in a step.
enum ScenarioAction: Sendable, Hashable {
    /// The app registers the session and declares its configuration.
    case register(String)
    /// The app declares another configuration.
    case configure(String, SessionConfiguration)
    case activate(String)
    case deactivate(String, notifyOthers: Bool)
    /// The session's app goes away.
    case end(String)
    case appear(String)
    /// The stream starts running (uncorked).
    case start(String)
    /// The stream stops running (corked or paused), without going away.
    case stop(String)
    case vanish(String)
    case replacePolicy(ScenarioPolicyReference)
    case wait(milliseconds: Int)
}
