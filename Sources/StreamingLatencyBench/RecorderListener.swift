import AudioSession

/// Records the device's monitor with the library's ``AudioRecorder`` and hands every buffer,
/// stamped on arrival, to an ``OnsetWatch``.
final class RecorderListener: Sendable {
    let watch = OnsetWatch()
    private let recorder: AudioRecorder
    private let listener: Task<Void, Never>

    init(monitor: String, framesPerBuffer: Int, session: AudioSession) async throws {
        let recorder = AudioRecorder(
            url: nil, format: PacedFeed.format, device: monitor, framesPerBuffer: framesPerBuffer, bufferLimit: 1_000, session: session)
        self.recorder = recorder
        let buffers = recorder.buffers
        let watch = watch
        listener = Task {
            let clock = ContinuousClock()
            for await buffer in buffers { watch.note(buffer, arrived: clock.now) }
        }
        try await recorder.record()
    }

    func stop() {
        listener.cancel()
        recorder.close()
    }
}
