import AudioFile
import Logging
import PulseBackend
import Synchronization

/// The machinery behind an ``AudioRecorder``: its capture stream, what it recorded, and the
/// reactions to interruptions and to the stream's end. It never holds the public recorder.
final class RecorderCore: Sendable {
    struct State {
        var stream: PulseCaptureStream?
        /// The stream's format: the recorder's, with the session's preferred input channel count.
        var streamFormat: PCMFormat?
        var isRecording = false
        var pausedByInterruption = false
        var resumesAfterInterruption = true
        var recorded: [UInt8] = []
        /// Audio toward the next buffer of ``RecorderCore/bufferBytes``.
        var pending: [UInt8] = []
    }

    let session: AudioSession
    let format: PCMFormat
    let device: String?
    let state = Mutex(State())
    let events = EventBroadcast<AudioRecorderEvent>()
    let buffers: EventBroadcast<[UInt8]>
    /// The size of every buffer handed to ``buffers``: whole frames.
    let bufferBytes: Int
    let gate = SerialGate()
    private let openedStreams: AsyncStream<PulseCaptureStream>
    private let openedSink: AsyncStream<PulseCaptureStream>.Continuation

    init(session: AudioSession, format: PCMFormat, device: String?, framesPerBuffer: Int, bufferLimit: Int) {
        self.session = session
        self.format = format
        self.device = device
        bufferBytes = max(1, framesPerBuffer) * max(1, format.bytesPerFrame)
        buffers = EventBroadcast(limit: bufferLimit)
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
                let streamFormat = format.withChannels(session.preferredInputNumberOfChannels)
                do throws(PulseError) {
                    let stream = try await PulseCaptureStream.open(
                        on: connection, name: "AudioRecorder", properties: properties, spec: streamFormat.pulseSpec, device: device,
                        latency: bufferDuration)
                    state.withLock {
                        $0.stream = stream
                        $0.streamFormat = streamFormat
                    }
                    openedSink.yield(stream)
                } catch {
                    throw AudioMediaError(code: .stream, message: "\(error)")
                }
            }
            state.withLock {
                $0.isRecording = true
                $0.pausedByInterruption = false
            }
        }
    }

    /// How long one buffer plays: the capture stream's fragment, so the server sends about one
    /// buffer at a time.
    var bufferDuration: Duration {
        let frames = Int64(bufferBytes / max(1, format.bytesPerFrame))
        return .nanoseconds(frames * 1_000_000_000 / Int64(max(1, format.sampleRate)))
    }

    /// Pauses; returns whether the recorder was recording.
    @discardableResult
    func pause() async -> Bool {
        await gate.run { () async -> Bool in await corkForPause() }
    }

    /// Corks the stream (inside the gate); returns whether the recorder was recording.
    private func corkForPause() async -> Bool {
        let (stream, wasRecording) = state.withLock { state in
            defer { state.isRecording = false }
            return (state.stream, state.isRecording)
        }
        try? await stream?.setCorked(true)
        return wasRecording
    }

    /// Closes the stream and hands back everything recorded (and forgets it).
    func stop() -> [UInt8] {
        let (stream, recorded) = state.withLock { state in
            defer {
                state.stream = nil
                state.isRecording = false
                state.pausedByInterruption = false
                state.recorded = []
                state.pending = []
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

    /// Keeps what `stream` recorded and cuts it into the buffers of ``bufferBytes`` it completes.
    private func take(_ captured: [UInt8], from stream: PulseCaptureStream) -> [[UInt8]] {
        state.withLock { state in
            guard state.stream === stream, state.isRecording else { return [] }
            let bytes = state.streamFormat.map { $0.remap(captured, toChannels: format.channels) } ?? captured
            state.recorded += bytes
            state.pending += bytes
            guard state.pending.count >= bufferBytes else { return [] }
            let whole = state.pending.count - state.pending.count % bufferBytes
            let complete = stride(from: 0, to: whole, by: bufferBytes).map { Array(state.pending[$0..<$0 + bufferBytes]) }
            state.pending.removeFirst(whole)
            return complete
        }
    }

    /// Follows the session's interruptions and route changes and the recorder's streams until cancelled.
    func run(interruptions: InterruptionEvents, routeChanges: RouteChangeEvents) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await interruption in interruptions { await self.handle(interruption) }
            }
            group.addTask {
                // Only a lost input matters: unplugged headphones leave the microphone recording.
                for await change in routeChanges where change.reason == .oldDeviceUnavailable && self.lostAnInput(change) {
                    await self.pauseForRoute()
                }
            }
            for await stream in openedStreams {
                group.addTask {
                    for await bytes in stream.buffers {
                        for buffer in self.take(bytes, from: stream) { self.buffers.publish(buffer) }
                    }
                }
                group.addTask {
                    for await event in stream.events { await self.handle(event, of: stream) }
                }
            }
            group.cancelAll()
        }
    }

    private func handle(_ interruption: Interruption) async {
        switch interruption {
        case .began:
            let paused = await gate.run { () async -> Bool in
                guard await corkForPause() else { return false }
                state.withLock { $0.pausedByInterruption = true }
                return true
            }
            if paused { events.publish(.pausedByInterruption) }
        case .ended(let options):
            let resume = state.withLock { state in
                defer { state.pausedByInterruption = false }
                return state.pausedByInterruption && state.resumesAfterInterruption && options.contains(.shouldResume)
            }
            guard resume else { return }
            do {
                try await session.setActive(true)
                try await record()
                events.publish(.resumedAfterInterruption)
            } catch {
                session.core.logger.warning("the recorder could not resume after the interruption", metadata: ["error": "\(error)"])
            }
        }
    }

    private func lostAnInput(_ change: RouteChange) -> Bool {
        let current = Set(session.currentRoute.inputs.map(\.uid))
        return change.previousRoute.inputs.contains { !current.contains($0.uid) }
    }

    private func pauseForRoute() async {
        if await pause() { events.publish(.pausedForRouteChange) }
    }

    private func handle(_ event: PulseStreamEvent, of stream: PulseCaptureStream) async {
        switch event {
        case .moved(let move) where move.leftAVanishedDevice:
            guard state.withLock({ $0.stream === stream }) else { return }
            await pauseForRoute()
        case .failed(let error):
            let current = state.withLock { state -> Bool in
                guard state.stream === stream else { return false }
                state.stream = nil
                state.isRecording = false
                return true
            }
            if current { events.publish(.stoppedByServer(reason: "\(error)")) }
        default:
            break
        }
    }
}
