/// A one-shot timer on a backend's loop thread (libpulse's or libpipewire's): what the translator
/// and the enforcers use to act at the loop's next turn or to step a ramp, whatever the backend.
/// Each backend's timer conforms beside that backend's agent (`PulseLoopTimer+LoopTimer.swift`).
///
/// ```swift
/// let timer: any LoopTimer = PipeWireLoopTimer(on: connection) { print("on the loop") }
/// timer.arm(after: .zero)
/// ```
protocol LoopTimer: AnyObject, Sendable {
    /// Fires once, `delay` from now, replacing an earlier arming.
    func arm(after delay: Duration)
    /// Disarms the timer for good.
    func cancel()
}
