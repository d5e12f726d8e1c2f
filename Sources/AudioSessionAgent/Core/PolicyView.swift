public import AudioPolicy

/// A read-only look at the agent's policy state: the sessions apps registered and the engine.
///
/// Handed to ``DecisionSink``s and to ``PolicyCoordinator/read(_:)``; it is a value, so it can be
/// kept, but it shows the state of the moment it was made.
///
/// ```swift
/// let ducked = coordinator.read { view in
///     view.engine.streamIDs.filter { view.engine.effects(on: $0) != .playing }
/// }
/// ```
public struct PolicyView: Sendable {
    /// The sessions, their owners and tokens.
    public let registry: SessionRegistry
    /// The engine, for its queries (activity, effects, explanations, other audio playing).
    public let engine: PolicyEngine
}
