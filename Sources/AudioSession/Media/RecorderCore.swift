import AudioFile
import Logging
import PulseBackend
import Synchronization

/// The machinery behind an ``AudioRecorder``: its capture stream, what it recorded, and the
/// reactions to interruptions and to the stream's end. It never holds the public recorder.
final class RecorderCore: Sendable {
    struct State {
        var stream: PulseCaptureStream?
        var isRecording = false
        var recorded: [UInt8] = []
    }

    let session: AudioSession
    let format: PCMFormat
    let device: String?
    let state = Mutex(State())
    let events = EventBroadcast<AudioRecorderEvent>()
    let buffers = EventBroadcast<[UInt8]>()
    let gate = SerialGate()
    private let openedStreams: AsyncStream<PulseCaptureStream>
    private let openedSink: AsyncStream<PulseCaptureStream>.Continuation

    init(session: AudioSession, format: PCMFormat, device: String?) {
        self.session = session
        self.format = format
        self.device = device
        (openedStreams, openedSink) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    func record() async throws(AudioMediaError) {
        try await gate.run { () async throws(AudioMediaError) in
            if let stream = state.withLock({ $0.stream }) {
                do throws(PulseError) {
                    try await stream.setCorked(false)
                } catch {
                    throw AudioMediaError(code: .stream, message: "\(error)")
                }
            } else {
                let connection = try await session.mediaConnection()
                var properties = session.streamProperties
                properties["media.name"] = "AudioRecorder"
                do throws(PulseError) {
                    let stream = try await PulseCaptureStream.open(
                        on: connection, name: "AudioRecorder", properties: properties, spec: format.pulseSpec, device: device,
                        latency: .milliseconds(50))
                    state.withLock { $0.stream = stream }
                    openedSink.yield(stream)
                } catch {
                    throw AudioMediaError(code: .stream, message: "\(error)")
                }
            }
            state.withLock { $0.isRecording = true }
        }
    }

    @discardableResult
    func pause() async -> Bool {
        await gate.run { () async -> Bool in
            let (stream, wasRecording) = state.withLock { state in
                defer { state.isRecording = false }
                return (state.stream, state.isRecording)
            }
            try? await stream?.setCorked(true)
            return wasRecording
        }
    }

    /// Closes the stream and hands back everything recorded (and forgets it).
    func stop() -> [UInt8] {
        let (stream, recorded) = state.withLock { state in
            defer {
                state.stream = nil
                state.isRecording = false
                state.recorded = []
            }
            return (state.stream, state.recorded)
        }
        stream?.close()
        return recorded
    }

    func close() {
        _ = stop()
        openedSink.finish()
        events.finish()
        buffers.finish()
    }

    /// Follows the session's interruptions and the recorder's streams until cancelled.
    func run(interruptions: InterruptionEvents) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await interruption in interruptions where interruption.type == .began {
                    if await self.pause() { self.events.publish(.pausedByInterruption) }
                }
            }
            for await stream in openedStreams {
                group.addTask {
                    for await bytes in stream.buffers {
                        let current = self.state.withLock { state -> Bool in
                            guard state.stream === stream, state.isRecording else { return false }
                            state.recorded += bytes
                            return true
                        }
                        if current { self.buffers.publish(bytes) }
                    }
                }
                group.addTask {
                    for await event in stream.events {
                        guard case .failed(let error) = event else { continue }
                        let current = self.state.withLock { state -> Bool in
                            guard state.stream === stream else { return false }
                            state.stream = nil
                            state.isRecording = false
                            return true
                        }
                        if current { self.events.publish(.stoppedByServer(reason: "\(error)")) }
                    }
                }
            }
            group.cancelAll()
        }
    }
}
