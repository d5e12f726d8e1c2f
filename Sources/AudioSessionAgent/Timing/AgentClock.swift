/// Where the agent's time comes from: milliseconds since a fixed origin, never going back.
///
/// The engine reads no clock; the ``PolicyCoordinator`` stamps every event with this clock's
/// reading (a `timePassed` event first) and ``PolicyDeadlineTimer`` wakes it at the engine's next
/// deadline. Tests give a manual clock.
///
/// ```swift
/// struct FrozenClock: AgentClock {
///     var milliseconds: Int { 1_000 }
/// }
/// let coordinator = PolicyCoordinator(engine: engine, sinks: [], clock: FrozenClock())
/// ```
public protocol AgentClock: Sendable {
    /// Milliseconds since the clock's origin.
    var milliseconds: Int { get }
}
