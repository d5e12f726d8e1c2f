/// One volume write of a ramp.
///
/// ```swift
/// let step = RampStep(offsetMilliseconds: 20, level: 0.8, volume: StreamVolume([60_900, 60_900]))
/// ```
public struct RampStep: Hashable, Sendable {
    /// When to write, counted from the start of the ramp.
    public var offsetMilliseconds: Int
    /// The linear amplitude factor this step applies to the user's base volume.
    public var level: Double
    /// The volumes to write.
    public var volume: StreamVolume

    /// Creates a step.
    public init(offsetMilliseconds: Int, level: Double, volume: StreamVolume) {
        self.offsetMilliseconds = offsetMilliseconds
        self.level = level
        self.volume = volume
    }
}
