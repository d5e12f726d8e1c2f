internal import CPulse

/// A timer on a connection's main loop: its action runs on the loop thread, with the loop lock
/// held, like a ``PulseGraphMirror`` handler, so it may read the graph and submit commands
/// without a hop.
///
/// A timer fires once per ``arm(after:)``; the action re-arms it to repeat (a ramp of volume steps
/// re-arms until its last step). Arming an armed timer moves its deadline.
///
/// ```swift
/// let ticker = PulseLoopTimer(on: connection) { [weak stepper] in stepper?.step() }
/// ticker.arm(after: .milliseconds(20))
/// // ... later
/// ticker.cancel()
/// ```
///
/// The corresponding PulseAudio calls are `pa_context_rttime_new` and `pa_context_rttime_restart`
/// (on the monotonic clock, `pa_rtclock_now`), and the main loop API's `time_free`.
public final class PulseLoopTimer: @unchecked Sendable {
    // Touched only with the loop lock held (on the loop thread or inside `withLoopLocked`).
    private let connection: PulseConnection
    private let action: @Sendable () -> Void
    private var event: OpaquePointer?
    private var isCancelled = false

    /// Creates a disarmed timer that runs `action` on the loop thread each time it fires.
    public init(on connection: PulseConnection, action: @escaping @Sendable () -> Void) {
        self.connection = connection
        self.action = action
    }

    deinit { free() }

    /// Fires the action once, `delay` from now (zero: at the loop's next iteration). Does nothing
    /// after ``cancel()`` or once the connection has ended.
    public func arm(after delay: Duration) {
        let microseconds = UInt64(max(0, delay.components.seconds)) * 1_000_000
            + UInt64(max(0, delay.components.attoseconds) / 1_000_000_000_000)
        connection.core.withLoopLocked { loop in
            guard !isCancelled, let context = loop.context else { return }
            let deadline = pa_rtclock_now() + microseconds
            if let event {
                pa_context_rttime_restart(context, event, deadline)
            } else {
                event = pa_context_rttime_new(context, deadline, PulseLoopTimer.fired, Unmanaged.passUnretained(self).toOpaque())
            }
        }
    }

    /// Stops the timer: a pending firing does not happen, and later ``arm(after:)`` calls are ignored.
    public func cancel() {
        connection.core.withLoopLocked { _ in isCancelled = true }
        free()
    }

    private func free() {
        connection.core.withLoopLocked { _ in
            guard let event else { return }
            // The event belongs to the main loop, which outlives the context: freeing it is valid
            // after a disconnect too, and afterwards the callback can no longer see this object.
            if let api = pa_threaded_mainloop_get_api(connection.core.loop) {
                api.pointee.time_free(event)
            }
            self.event = nil
        }
    }

    private func fire() {
        guard !isCancelled else { return }
        action()
    }

    /// The C callback; userdata is the unretained timer, which frees its event before it goes away.
    private static let fired: pa_time_event_cb_t = { _, _, _, userdata in
        guard let userdata else { return }
        Unmanaged<PulseLoopTimer>.fromOpaque(userdata).takeUnretainedValue().fire()
    }
}
