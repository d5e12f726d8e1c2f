internal import CPipeWire
internal import Logging

/// A one-shot timer on a connection's thread loop: its action runs on the loop thread with the
/// loop locked, like event handlers, so it can command the server without a thread hop.
///
/// Arm it again from its action for a periodic tick (ramps), or with a zero delay to run something
/// at the loop's next turn (work an event handler must not do itself).
///
/// ```swift
/// let tick = PipeWireLoopTimer(on: connection) { print("20 ms later, on the loop thread") }
/// tick.arm(after: .milliseconds(20))
/// ```
///
/// The corresponding libpipewire calls are `pw_loop_add_timer` and `pw_loop_update_timer`.
public final class PipeWireLoopTimer: @unchecked Sendable {
    // @unchecked: `source` and `isCancelled` are touched only with the loop locked (arm, cancel,
    // the C callback, deinit take the lock); `state` keeps the loop alive as long as the timer.
    private let state: ConnectionState
    private let action: @Sendable () -> Void
    private var source: UnsafeMutablePointer<spa_source>?
    private var isCancelled = false

    /// Creates a disarmed timer that runs `action` on the loop thread each time it fires.
    ///
    /// The timer's source (a timerfd) is made here rather than at the first arming, so the
    /// process holds the same descriptors whether or not a timer was ever used: a leak check that
    /// counts descriptors sees growth only where there is some.
    public init(on connection: PipeWireConnection, action: @escaping @Sendable () -> Void) {
        self.state = connection.state
        self.action = action
        state.loop.withLock { makeSource() }
    }

    deinit {
        let state = state
        let source = source
        state.loop.withLock {
            if let source, let loop = LibPipeWire.threadLoopGetLoop(state.loop.pointer) {
                LibPipeWire.loopDestroySource(loop, source)
            }
        }
    }

    /// Fires the action once, `delay` from now (zero: at the loop's next turn), replacing an
    /// earlier arming. Does nothing after ``cancel()`` or once the connection has closed.
    public func arm(after delay: Duration) {
        let (seconds, attoseconds) = delay.components
        // Zero disarms a timerfd: the shortest real delay stands for "next turn".
        let nanoseconds = max(1, UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000))
        state.loop.withLock {
            guard !isCancelled, state.failure == nil, let loop = LibPipeWire.threadLoopGetLoop(state.loop.pointer) else { return }
            if source == nil { makeSource() }
            guard let source else { return }
            do {
                try LibPipeWire.loopUpdateTimer(loop, source, nanoseconds: nanoseconds)
            } catch {
                state.logger.warning("cannot arm a PipeWire loop timer", metadata: ["pipewire.error": "\(error)"])
            }
        }
    }

    /// Adds the timer's source to the loop; with the loop locked.
    private func makeSource() {
        guard state.failure == nil, let loop = LibPipeWire.threadLoopGetLoop(state.loop.pointer) else { return }
        do {
            source = try LibPipeWire.loopAddTimer(loop, data: Unmanaged.passUnretained(self).toOpaque(), Self.fired)
        } catch {
            state.logger.warning("cannot make a PipeWire loop timer", metadata: ["pipewire.error": "\(error)"])
        }
    }

    /// Disarms the timer for good; a firing already running finishes.
    public func cancel() {
        state.loop.withLock {
            isCancelled = true
            if let source, let loop = LibPipeWire.threadLoopGetLoop(state.loop.pointer) {
                LibPipeWire.loopDestroySource(loop, source)
            }
            source = nil
        }
    }

    private static let fired: @convention(c) (UnsafeMutableRawPointer?, UInt64) -> Void = { data, _ in
        guard let data else { return }
        let timer = Unmanaged<PipeWireLoopTimer>.fromOpaque(data).takeUnretainedValue()
        guard !timer.isCancelled, timer.state.failure == nil else { return }
        timer.action()
    }
}
