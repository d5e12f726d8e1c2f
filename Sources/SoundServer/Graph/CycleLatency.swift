/// A device's latency as a graph server states it: relative to the graph's cycle, so its length
/// in time depends on the quantum and rate the graph runs at (PipeWire's `SPA_PARAM_Latency`).
///
/// PulseAudio states a device's latency in microseconds (``SoundDevice/latency``); PipeWire states
/// it as parts that scale with the quantum, with the rate, or not at all, and the sum is what a
/// sample spends between the start of a cycle and the device's output (or, for a source, since it
/// was captured).
///
/// ```swift
/// let latency = CycleLatency(quanta: 1, frames: 176, nanoseconds: 1_000_000)
/// latency.duration(quantum: 1024, rate: 48_000)   // 1200 frames and 1 ms: 26 ms
/// ```
public struct CycleLatency: Hashable, Sendable {
    /// The part in whole or fractional quanta.
    public var quanta: Double
    /// The part in frames at the graph's rate.
    public var frames: UInt32
    /// The fixed part.
    public var nanoseconds: UInt64

    /// A latency from its three parts.
    public init(quanta: Double, frames: UInt32, nanoseconds: UInt64) {
        self.quanta = quanta
        self.frames = frames
        self.nanoseconds = nanoseconds
    }

    /// The latency's length with the graph running `quantum` frames per cycle at `rate`.
    public func duration(quantum: UInt32, rate: UInt32) -> Duration {
        guard rate > 0 else { return .nanoseconds(Int64(clamping: nanoseconds)) }
        // The parts come from the server: a negative or absurd one counts as none, never a trap.
        let cycleNanoseconds = (quanta * Double(quantum) + Double(frames)) * 1e9 / Double(rate)
        let bounded = cycleNanoseconds.isFinite ? min(max(cycleNanoseconds, 0), 1e15) : 0
        return .nanoseconds(Int64(clamping: min(nanoseconds, 1_000_000_000_000_000))) + .nanoseconds(Int64(bounded.rounded()))
    }

    /// The latency of a device from its channels' (ports') latencies: the largest of each part,
    /// since a device is as late as its latest channel (its channels state the same latency as a
    /// rule, and then this is exactly it); nil when there are none.
    public static func device(ofChannels latencies: [CycleLatency]) -> CycleLatency? {
        guard !latencies.isEmpty else { return nil }
        return CycleLatency(
            quanta: latencies.map(\.quanta).max() ?? 0, frames: latencies.map(\.frames).max() ?? 0,
            nanoseconds: latencies.map(\.nanoseconds).max() ?? 0)
    }
}
