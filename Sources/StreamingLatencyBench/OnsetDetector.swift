import AudioSession
import Synchronization

/// Listens to the device's monitor and finds when a tone starts: the first frame above a tenth of
/// full scale after ``arm(after:)``, stamped with when its buffer arrived less the frames that
/// followed it in that buffer.
final class OnsetDetector: Sendable {
    private struct State {
        var armedAfter: ContinuousClock.Instant?
        var onset: ContinuousClock.Instant?
    }

    /// The state the listening task and the bench share, apart from the detector itself.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let recorder: AudioRecorder
    private let listener: Task<Void, Never>
    private let shared: Shared

    private init(recorder: AudioRecorder, listener: Task<Void, Never>, shared: Shared) {
        self.recorder = recorder
        self.listener = listener
        self.shared = shared
    }

    /// Starts recording `monitor` in 5 ms buffers.
    static func start(monitor: String, session: AudioSession) async throws -> OnsetDetector {
        let recorder = AudioRecorder(
            url: nil, format: PacedFeed.format, device: monitor, framesPerBuffer: 240, bufferLimit: 1_000, session: session)
        let buffers = recorder.buffers
        let shared = Shared()
        let detector = OnsetDetector(
            recorder: recorder,
            listener: Task { [shared] in
                let clock = ContinuousClock()
                for await buffer in buffers {
                    let arrived = clock.now
                    shared.state.withLock { state in
                        guard let armed = state.armedAfter, state.onset == nil, arrived > armed,
                            let frame = Self.firstLoudFrame(in: buffer)
                        else { return }
                        let after = buffer.count / 4 - frame
                        state.onset = arrived - .nanoseconds(Int64(after) * 1_000_000_000 / 48_000)
                    }
                }
            },
            shared: shared)
        try await recorder.record()
        return detector
    }

    /// Looks for the next onset after `instant`.
    func arm(after instant: ContinuousClock.Instant) {
        shared.state.withLock { $0 = State(armedAfter: instant, onset: nil) }
    }

    /// The onset found, waiting up to `timeout` for it.
    func onset(within timeout: Duration) async -> ContinuousClock.Instant? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if let onset = shared.state.withLock({ $0.onset }) { return onset }
            try? await clock.sleep(for: .milliseconds(5))
        }
        return nil
    }

    func stop() {
        listener.cancel()
        recorder.close()
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
