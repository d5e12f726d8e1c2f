public import AudioFile
import PulseBackend
import Synchronization

/// Plays PCM as it comes, through an ``AudioSession``: a call's far end, a streamed podcast,
/// synthesised sound. The app enqueues buffers (``enqueue(_:)``) or hands over an `AsyncSequence`
/// of them (``play(_:)``); AVAudioPlayerNode's `scheduleBuffer` on iOS does the same.
///
/// The player obeys the session exactly as ``AudioPlayer`` does (it shares its machinery): its
/// stream carries the session's ``AudioSession/streamProperties``; it pauses when the session is
/// interrupted and resumes when the interruption ends with should-resume (unless
/// ``resumesAfterInterruption`` is `false`); it pauses when its output device goes away; it plays
/// on after the sound server restarts. While paused, the queue keeps its audio and enqueueing
/// waits once it is full. ``events`` tells what it did, with the same ``AudioPlayerEvent``s.
///
/// **The queue.** It holds up to ``capacity`` of audio (half a second unless chosen). An
/// ``enqueue(_:)`` that does not fit waits until the stream has played enough of the queue; a
/// buffer longer than the capacity waits for an empty queue and then goes in whole.
///
/// **Underruns.** When the server needs audio and the queue is empty, the player plays silence
/// and counts one underrun (``underrunCount``) per gap, so a late buffer is heard late rather than
/// ending the stream. Silence before the first buffer is not an underrun.
///
/// **The end.** ``markEndOfStream()`` says no more audio comes: the player plays what is queued,
/// then its stream drains and ``events`` reports ``AudioPlayerEvent/finished(successfully:)``;
/// the player is then stopped and takes new audio again.
///
/// **Latency.** A buffer reaches the device after what is queued before it plus ``latency``, the
/// audio the server keeps ahead (100 ms unless chosen; the stream is filled with silence ahead of
/// the first buffer). The queue does not shrink by itself: a backlog built while the player was
/// paused or its stream was starting stays as long as the feed keeps the device's pace, so a live
/// source that wants to stay close watches ``queuedDuration`` and skips audio to catch up.
/// Measured by `scripts/bench --parts streaming` (a 20 ms packet every 20 ms): a median of about
/// 64 ms on PulseAudio and 74 ms on pipewire-pulse at the default latency, 28 ms and 35 ms at
/// 40 ms; see <doc:StreamingAudio>.
///
/// ```swift
/// let format = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1)
/// let player = try AudioStreamPlayer(format: format, session: session)
/// try await player.play()
/// for try await packet in farEnd.decodedPCM {      // [UInt8], whole frames of `format`
///     try await player.enqueue(packet)             // waits while the queue is full
/// }
/// player.markEndOfStream()
/// for await event in player.events {
///     if case .finished = event { break }
/// }
/// ```
public final class AudioStreamPlayer: Sendable {
    let core: PlayerCore<StreamingPlaybackSource>
    /// The player's one listening task, as ``AudioPlayer``'s: it holds the core, never the player.
    private let listener: Task<Void, Never>

    /// A player of interleaved little-endian PCM in `format`.
    ///
    /// ```swift
    /// let voice = try AudioStreamPlayer(
    ///     format: PCMFormat(encoding: .float32, sampleRate: 48_000, channels: 1),
    ///     capacity: .milliseconds(200), latency: .milliseconds(40), name: "Call", session: session)
    /// ```
    ///
    /// - Parameters:
    ///   - format: The PCM of every buffer; the stream carries it unchanged, but for the
    ///     channel count when the session prefers one
    ///     (``AudioSession/setPreferredOutputNumberOfChannels(_:)``, read here): the player maps
    ///     each buffer's channels onto the stream's.
    ///   - capacity: The most audio the queue holds; ``enqueue(_:)`` waits beyond it.
    ///   - latency: The audio the server keeps ahead of the device, and so about the player's
    ///     enqueue-to-device latency: lower for a call's far end (at more risk of underruns on a
    ///     busy machine), higher to spare wake-ups.
    ///   - name: The stream's name (`media.name`) on the server.
    ///   - session: The session whose audio this is.
    /// - Throws: ``AudioMediaError`` with ``AudioMediaError/Code/format`` for a format with no
    ///   channels or no rate, or a capacity or latency shorter than one frame.
    public init(
        format: PCMFormat, capacity: Duration = .milliseconds(500), latency: Duration = .milliseconds(100),
        name: String = "AudioStreamPlayer", session: AudioSession
    ) throws {
        guard format.channels > 0, format.sampleRate > 0 else {
            throw AudioMediaError(code: .format, message: "expected at least one channel and a sample rate above 0, found \(format)")
        }
        let capacityFrames = Self.frames(in: capacity, at: format.sampleRate)
        guard capacityFrames > 0, Self.frames(in: latency, at: format.sampleRate) > 0 else {
            throw AudioMediaError(
                code: .format, message: "expected a capacity and a latency of at least one frame at \(format.sampleRate) Hz, found \(capacity) and \(latency)")
        }
        self.format = format
        let core = PlayerCore(
            session: session,
            source: StreamingPlaybackSource(
                format: format.withChannels(session.preferredOutputNumberOfChannels), capacityFrames: capacityFrames),
            name: name, latency: latency)
        self.core = core
        let interruptions = session.interruptions
        let routeChanges = session.routeChanges
        let resets = session.mediaServicesWereReset
        listener = Task { await core.run(interruptions: interruptions, routeChanges: routeChanges, resets: resets) }
    }

    deinit { close() }

    // MARK: Audio in

    /// Queues `pcm`, whole interleaved frames of ``format``, to play after what is queued;
    /// waits while the queue is full (or paused and full). An empty buffer does nothing.
    ///
    /// ```swift
    /// try await player.enqueue(packet)
    /// ```
    ///
    /// - Throws: ``AudioMediaError`` with ``AudioMediaError/Code/format`` when `pcm` is not a
    ///   whole number of frames, ``AudioMediaError/Code/ended`` after ``markEndOfStream()`` or
    ///   ``close()``; `CancellationError` when the task is cancelled while waiting (nothing was queued).
    public func enqueue(_ pcm: [UInt8]) async throws {
        let frameSize = format.bytesPerFrame
        guard pcm.count % frameSize == 0 else {
            throw AudioMediaError(
                code: .format,
                message: "expected whole frames of \(frameSize) bytes (\(format)), found \(pcm.count) bytes: \(pcm.count / frameSize) frames and \(pcm.count % frameSize) bytes")
        }
        guard !pcm.isEmpty else { return }
        switch await core.source.enqueue(format.remap(pcm, toChannels: core.source.format.channels)) {
        case .queued: return
        case .cancelled: throw CancellationError()
        case .refused: throw AudioMediaError(code: .ended, message: "the player takes no more audio: its end of stream was marked or it was closed")
        }
    }

    /// Plays `buffers` to their end: starts playback, enqueues each buffer as ``enqueue(_:)``
    /// does, then marks the end of the stream. Returns once the last buffer is queued; the
    /// ``AudioPlayerEvent/finished(successfully:)`` event follows when it has played.
    ///
    /// ```swift
    /// try await player.play(podcast.decodedPCM)
    /// ```
    ///
    /// - Throws: what ``play()`` and ``enqueue(_:)`` throw, and what the sequence throws (the
    ///   end is then not marked, so the app may stop or go on enqueueing).
    public func play<Buffers: AsyncSequence>(_ buffers: Buffers) async throws where Buffers.Element == [UInt8] {
        try await play()
        for try await buffer in buffers { try await enqueue(buffer) }
        markEndOfStream()
    }

    /// No more audio comes: the player plays what is queued and finishes
    /// (``AudioPlayerEvent/finished(successfully:)``). Enqueueing throws until ``stop()``.
    ///
    /// ```swift
    /// player.markEndOfStream()
    /// ```
    public func markEndOfStream() { core.source.markEndOfStream() }

    // MARK: Playing

    /// Starts or resumes playback of the queue; silence plays until audio is queued. The first
    /// call opens the stream.
    ///
    /// ```swift
    /// try await player.play()
    /// ```
    ///
    /// - Throws: ``AudioMediaError``: ``AudioMediaError/Code/soundServerUnavailable`` without a
    ///   server, ``AudioMediaError/Code/stream`` when the server refuses the stream.
    public func play() async throws { try await core.play() }

    /// Pauses playback; the queue keeps its audio and ``play()`` resumes it.
    ///
    /// ```swift
    /// await player.pause()
    /// ```
    public func pause() async { await core.pause() }

    /// Stops playback: the stream closes and leaves the server, the queued audio is dropped and
    /// an end mark forgotten; the player takes new audio for a later ``play()``.
    ///
    /// ```swift
    /// player.stop()
    /// ```
    public func stop() { core.stop() }

    /// Stops for good: the stream closes, ``events`` ends, waiting and later enqueues throw
    /// ``AudioMediaError/Code/ended``. Releasing the player does the same.
    ///
    /// ```swift
    /// player.close()
    /// ```
    public func close() {
        listener.cancel()
        core.source.close()
        core.close()
    }

    // MARK: State

    /// Whether the player is playing (not paused, stopped or finished).
    ///
    /// ```swift
    /// if !player.isPlaying { try await player.play() }
    /// ```
    public var isPlaying: Bool { core.state.withLock { $0.isPlaying } }

    /// The format every buffer is in.
    ///
    /// ```swift
    /// let bytesPer20ms = Int(player.format.sampleRate) / 50 * player.format.bytesPerFrame
    /// ```
    public let format: PCMFormat

    /// The most audio the queue holds.
    ///
    /// ```swift
    /// print(player.capacity)   // 0.5 seconds
    /// ```
    public var capacity: Duration { Self.duration(ofBytes: core.source.capacityBytes, in: format) }

    /// The audio queued and not yet handed to the server.
    ///
    /// ```swift
    /// if player.queuedDuration < .milliseconds(100) { fetchMore() }
    /// ```
    public var queuedDuration: Duration { Self.duration(ofBytes: core.source.queuedBytes, in: format) }

    /// The audio the server keeps ahead of the device (the stream's target length).
    ///
    /// ```swift
    /// print(player.latency)   // 0.1 seconds
    /// ```
    public var latency: Duration { core.latency }

    /// How many times the queue ran dry while playing, before the end of the stream: each gap in
    /// the app's audio, filled with silence, counts once. It counts for the player's lifetime.
    ///
    /// ```swift
    /// if player.underrunCount > 0 { jitterBuffer.grow() }
    /// ```
    public var underrunCount: Int { core.source.underrunCount }

    /// Whether the player resumes by itself when an interruption ends with should-resume
    /// (default `true`). With `false` it stays paused and the app decides.
    ///
    /// ```swift
    /// player.resumesAfterInterruption = false
    /// ```
    public var resumesAfterInterruption: Bool {
        get { core.state.withLock { $0.resumesAfterInterruption } }
        set { core.state.withLock { $0.resumesAfterInterruption = newValue } }
    }

    /// The player's events from now on, the same as ``AudioPlayer/events``.
    ///
    /// ```swift
    /// for await event in player.events where event == .pausedByInterruption { showPaused() }
    /// ```
    public var events: AudioPlayerEvents { core.events.subscribe() }

    /// The stream's index on the server (the sink input `pactl list sink-inputs` shows) while it
    /// is open; `nil` before the first ``play()`` and after ``stop()``.
    ///
    /// ```swift
    /// if let index = player.streamIndex { print("sink input", index) }
    /// ```
    public var streamIndex: UInt32? { core.state.withLock { $0.stream?.index } }

    // MARK: Frames and durations

    private static func frames(in duration: Duration, at rate: UInt32) -> Int {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return Int((seconds * Double(rate)).rounded(.down))
    }

    private static func duration(ofBytes bytes: Int, in format: PCMFormat) -> Duration {
        let frames = Int64(bytes / max(1, format.bytesPerFrame))
        return .nanoseconds(frames * 1_000_000_000 / Int64(max(1, format.sampleRate)))
    }
}
