import Synchronization

/// Finds when a tone starts in what a device's monitor delivers: the first frame above a tenth of
/// full scale in a buffer that arrived after ``arm(after:)``, stamped with when its buffer arrived less the frames that
/// followed it in that buffer. Fed by whichever listener records the monitor.
final class OnsetWatch: Sendable {
    private struct State {
        var armedAfter: ContinuousClock.Instant?
        var onset: ContinuousClock.Instant?
    }

    private let state = Mutex(State())

    /// Looks for the next onset after `instant`.
    func arm(after instant: ContinuousClock.Instant) {
        state.withLock { $0 = State(armedAfter: instant, onset: nil) }
    }

    /// Takes one buffer of 48 kHz stereo s16le that arrived at `arrived`.
    func note(_ buffer: [UInt8], arrived: ContinuousClock.Instant) {
        state.withLock { state in
            guard let armed = state.armedAfter, state.onset == nil, arrived > armed, let frame = Self.firstLoudFrame(in: buffer)
            else { return }
            let after = buffer.count / 4 - frame
            state.onset = arrived - .nanoseconds(Int64(after) * 1_000_000_000 / 48_000)
        }
    }

    /// The onset found, waiting up to `timeout` for it.
    func onset(within timeout: Duration) async -> ContinuousClock.Instant? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if let onset = state.withLock({ $0.onset }) { return onset }
            try? await clock.sleep(for: .milliseconds(5))
        }
        return nil
    }

    private static func firstLoudFrame(in buffer: [UInt8]) -> Int? {
        let threshold: Int32 = 3_277
        for frame in 0..<(buffer.count / 4) {
            let sample = Int16(bitPattern: UInt16(buffer[4 * frame]) | UInt16(buffer[4 * frame + 1]) << 8)
            if abs(Int32(sample)) > threshold { return frame }
        }
        return nil
    }
}
