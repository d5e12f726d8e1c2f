public import AudioSessionModel

/// Something that happens in a step, naming sessions and streams as the scenario file does.
///
/// A ``ScenarioWorld`` carries each action out: the pure engine turns it into events, a real agent
/// world starts and stops clients.
///
/// ```swift
/// switch action {
/// case .appear(let stream): print("start the client playing \(stream)")
/// default: break
/// }
/// ```
public enum ScenarioAction: Sendable, Hashable {
    /// The app registers the session and declares its configuration.
    case register(String)
    /// The app declares another configuration.
    case configure(String, SessionConfiguration)
    /// The app asks to become active.
    case activate(String)
    /// The app deactivates, telling interrupted sessions they may resume when `notifyOthers`.
    case deactivate(String, notifyOthers: Bool)
    /// The session's app goes away.
    case end(String)
    /// The stream appears (running unless the scenario declares it `sounding = false`).
    case appear(String)
    /// The stream starts running (uncorked).
    case start(String)
    /// The stream stops running (corked or paused), without going away.
    case stop(String)
    /// The stream goes away.
    case vanish(String)
    /// A new policy replaces the current one.
    case replacePolicy(ScenarioPolicyReference)
    /// Time passes.
    case wait(milliseconds: Int)
}
