/// Plans ducking ramps: pure arithmetic, no clock and no server.
///
/// Steps are spaced evenly, at least ``minimumStepsPerSecond`` per second, and interpolate on
/// PulseAudio's cubic volume scale (see ``StreamVolume``), which is close to how loud a step
/// sounds: equal steps sound like an even fade, where equal amplitude steps would do most of the
/// audible change in the last few.
///
/// ```swift
/// let down = RampPlanner.plan(base: user, from: 1, to: 0.3, milliseconds: 250)
/// for step in down.steps { /* at step.offsetMilliseconds, write step.volume */ }
/// ```
public enum RampPlanner {
    /// Fewer steps than this per second are heard as a staircase.
    public static let minimumStepsPerSecond = 50

    /// The steps that take a stream whose user volume is `base` from amplitude factor `start` to
    /// `target` in `milliseconds` (a ramp of 0 ms, or a negative one, is a single step).
    ///
    /// Factors are clamped to 0 ... 1. The last step is exactly `target`, and a target of 1 writes
    /// exactly `base`.
    public static func plan(base: StreamVolume, from start: Double, to target: Double, milliseconds: Int) -> RampPlan {
        let start = clamped(start)
        let target = clamped(target)
        let duration = max(0, milliseconds)
        // ceil(duration × 50 / 1000): a 250 ms ramp gets 13 steps, 20 ms apart at most.
        let count = max(1, (duration * minimumStepsPerSecond + 999) / 1000)
        let startScale = StreamVolume.volumeScale(ofAmplitude: start)
        let targetScale = StreamVolume.volumeScale(ofAmplitude: target)
        let steps = (1...count).map { index in
            if index == count {
                return RampStep(offsetMilliseconds: duration, level: target, volume: base.scaled(byAmplitude: target))
            }
            let scale = startScale + (targetScale - startScale) * Double(index) / Double(count)
            return RampStep(
                offsetMilliseconds: duration * index / count, level: scale * scale * scale,
                volume: base.scaled(byVolume: scale))
        }
        return RampPlan(base: base, startLevel: start, steps: steps)
    }

    private static func clamped(_ level: Double) -> Double {
        level.isNaN ? 1 : min(1, max(0, level))
    }
}
