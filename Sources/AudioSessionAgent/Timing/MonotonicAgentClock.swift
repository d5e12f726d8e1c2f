/// The agent's real clock: milliseconds on the monotonic clock since the clock was made, so a
/// change of the wall clock never shortens or stretches an unplug hold.
///
/// ```swift
/// let clock = MonotonicAgentClock()
/// let coordinator = PolicyCoordinator(engine: engine, sinks: [seat], outerLock: seat, clock: clock)
/// ```
public struct MonotonicAgentClock: AgentClock {
    private let origin: ContinuousClock.Instant

    /// A clock that reads 0 now.
    public init() {
        origin = ContinuousClock.now
    }

    public var milliseconds: Int {
        let elapsed = origin.duration(to: ContinuousClock.now).components
        return Int(elapsed.seconds) * 1_000 + Int(elapsed.attoseconds / 1_000_000_000_000_000)
    }
}
