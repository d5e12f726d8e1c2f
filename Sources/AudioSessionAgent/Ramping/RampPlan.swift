/// The volume writes that take a stream from one ducking level to another.
///
/// Made by ``RampPlanner/plan(base:from:to:milliseconds:)``; the last step is always exactly
/// the target.
///
/// ```swift
/// let plan = RampPlanner.plan(base: StreamVolume([65536, 65536]), from: 1, to: 0.3, milliseconds: 250)
/// plan.steps.count        // 13
/// plan.steps.last?.level  // 0.3
/// ```
public struct RampPlan: Hashable, Sendable {
    /// The user's volume the levels apply to.
    public var base: StreamVolume
    /// The level the stream is at when the ramp starts.
    public var startLevel: Double
    /// The writes, in time order; never empty.
    public var steps: [RampStep]

    /// The level the ramp ends at.
    public var targetLevel: Double { steps.last?.level ?? startLevel }

    /// The volumes the ramp ends at.
    public var targetVolume: StreamVolume { steps.last?.volume ?? base.scaled(byAmplitude: startLevel) }
}
