public import AudioFile
public import FoundationEssentials
import PulseBackend
import Synchronization

/// Records through an ``AudioSession`` to a WAV file or to buffers, as AVAudioRecorder does on iOS.
///
/// The capture stream carries the session's ``AudioSession/streamProperties``. The recorder
/// follows the session as ``AudioPlayer`` does: it pauses when the session is interrupted
/// (``AudioRecorderEvent/pausedByInterruption``) and records on when the interruption ends with
/// should-resume (unless ``resumesAfterInterruption`` is `false`), and it pauses when its input
/// device goes away (``AudioRecorderEvent/pausedForRouteChange``); ``record()`` continues.
/// ``stop()`` writes the file, if one was given, and returns the audio.
///
/// **Buffers.** While recording, ``buffers`` delivers the audio continuously in buffers of
/// exactly ``framesPerBuffer`` frames (20 ms unless chosen), in order and without gaps: the
/// server's holes come as silence, and a pause simply stops the flow. What is left over at
/// ``stop()``, less than one buffer, is in the returned recording only.
///
/// **Latency.** The capture stream's fragment is one buffer, so the server sends about one
/// buffer at a time: a buffer is delivered about ``bufferDuration`` after its first frame was
/// captured, plus the device's own period. Choose fewer frames for less latency, more for fewer
/// wake-ups.
///
/// **Overflow.** Each consumer of ``buffers`` has room for ``bufferLimit`` unread buffers (50,
/// one second at 20 ms, unless chosen). When a consumer falls further behind, its oldest unread
/// buffer is dropped, so it hears the newest audio when it catches up, and ``overflowCount``
/// counts the dropped buffer. The recording ``stop()`` returns keeps everything.
///
/// ```swift
/// let session = AudioSession.shared
/// try session.setCategory(.record)
/// try await session.setActive(true)
/// let recorder = AudioRecorder(url: URL(filePath: "memo.wav"),
///                              format: PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1), session: session)
/// try await recorder.record()
/// // ... later
/// let memo = try recorder.stop()
/// print(memo.duration)
/// ```
public final class AudioRecorder: Sendable {
    let core: RecorderCore
    /// Where ``stop()`` writes the WAV file; `nil` records to buffers only.
    ///
    /// ```swift
    /// if let url = recorder.url { print("recording to", url.path) }
    /// ```
    public let url: URL?
    /// The recorder's one listening task: interruptions and the stream's audio and events.
    private let listener: Task<Void, Never>

    /// A recorder of `format` audio from the default input (or the source named `device`, such
    /// as `speaker.monitor`), written to `url` on ``stop()``; `nil` keeps it in memory only.
    ///
    /// ```swift
    /// let voice = AudioRecorder(url: nil, format: PCMFormat(encoding: .int16, sampleRate: 16_000, channels: 1),
    ///                           framesPerBuffer: 160, bufferLimit: 25, session: session)   // 10 ms buffers
    /// ```
    ///
    /// - Parameters:
    ///   - url: Where ``stop()`` writes the WAV file; `nil` keeps the audio in memory and ``buffers`` only.
    ///   - format: The PCM to record; the capture stream asks the server for it.
    ///   - device: The source to record (`speaker.monitor`, a microphone's name); `nil` for the
    ///     default input.
    ///   - framesPerBuffer: The frames in each of ``buffers``; `nil` is 20 ms of `format`
    ///     (960 at 48 kHz). Fewer than one counts as one.
    ///   - bufferLimit: The unread buffers each consumer of ``buffers`` has room for before the
    ///     oldest is dropped (see ``overflowCount``). Fewer than one counts as one.
    ///   - session: The session whose audio this is: its stream carries the session's properties.
    public init(
        url: URL?, format: PCMFormat, device: String? = nil, framesPerBuffer: Int? = nil, bufferLimit: Int = 50,
        session: AudioSession
    ) {
        self.url = url
        let core = RecorderCore(
            session: session, format: format, device: device,
            framesPerBuffer: framesPerBuffer ?? Int(format.sampleRate / 50), bufferLimit: bufferLimit)
        self.bufferLimit = max(1, bufferLimit)
        self.core = core
        let interruptions = session.interruptions
        let routeChanges = session.routeChanges
        listener = Task { await core.run(interruptions: interruptions, routeChanges: routeChanges) }
    }

    deinit { close() }

    /// Starts or continues recording. The first call opens the capture stream.
    ///
    /// - Throws: ``AudioMediaError``: ``AudioMediaError/Code/soundServerUnavailable`` without a
    ///   server, ``AudioMediaError/Code/stream`` when the server refuses (an unknown device).
    ///
    /// ```swift
    /// try await session.setActive(true)
    /// try await recorder.record()
    /// ```
    public func record() async throws { try await core.record() }

    /// Pauses recording; nothing is recorded until ``record()``.
    ///
    /// ```swift
    /// await recorder.pause()
    /// ```
    public func pause() async { await core.pause() }

    /// Ends the recording: closes the stream, writes the WAV file if the recorder has a ``url``,
    /// and returns what was recorded. A later ``record()`` starts a new recording.
    ///
    /// - Throws: ``AudioMediaError`` with ``AudioMediaError/Code/file`` when the file cannot be written.
    ///
    /// ```swift
    /// let memo = try recorder.stop()   // writes the file, if the recorder has a url
    /// print(memo.duration)
    /// ```
    @discardableResult
    public func stop() throws -> WAVFile {
        let file = WAVFile(format: core.format, data: core.stop())
        if let url {
            do throws(WAVFileError) {
                try file.write(to: url.path)
            } catch {
                throw AudioMediaError(code: .file, message: "\(error)")
            }
        }
        return file
    }

    /// Stops for good without writing; the sequences end. Releasing the recorder does the same.
    ///
    /// ```swift
    /// recorder.close()
    /// ```
    public func close() {
        listener.cancel()
        core.close()
    }

    /// Whether the recorder is recording (not paused or stopped).
    ///
    /// ```swift
    /// recordButton.isSelected = recorder.isRecording
    /// ```
    public var isRecording: Bool { core.state.withLock { $0.isRecording } }

    /// How much has been recorded since the last ``stop()``.
    ///
    /// ```swift
    /// elapsedLabel.text = "\(recorder.currentTime)"
    /// ```
    public var currentTime: Duration {
        let frames = core.state.withLock { $0.recorded.count } / max(1, core.format.bytesPerFrame)
        return .nanoseconds(Int64(frames) * 1_000_000_000 / Int64(max(1, core.format.sampleRate)))
    }

    /// Whether the recorder records on by itself when an interruption ends with should-resume
    /// (default `true`). With `false` it stays paused and the app decides.
    ///
    /// ```swift
    /// recorder.resumesAfterInterruption = false
    /// ```
    public var resumesAfterInterruption: Bool {
        get { core.state.withLock { $0.resumesAfterInterruption } }
        set { core.state.withLock { $0.resumesAfterInterruption = newValue } }
    }

    /// The format being recorded.
    ///
    /// ```swift
    /// print(recorder.format.channels)   // 1
    /// ```
    public var format: PCMFormat { core.format }

    /// The recorded audio as it arrives, from now on: buffers of exactly ``framesPerBuffer``
    /// frames of ``format``, each consumer holding up to ``bufferLimit`` unread ones.
    ///
    /// ```swift
    /// for await bytes in recorder.buffers { meter.update(bytes) }
    /// ```
    public var buffers: AudioRecorderBuffers { core.buffers.subscribe() }

    /// The frames in each buffer of ``buffers``.
    ///
    /// ```swift
    /// let samples = recorder.framesPerBuffer * recorder.format.channels
    /// ```
    public var framesPerBuffer: Int { core.bufferBytes / max(1, core.format.bytesPerFrame) }

    /// How long each buffer of ``buffers`` plays; also about how long a buffer takes to arrive.
    ///
    /// ```swift
    /// print(recorder.bufferDuration)   // 0.02 seconds
    /// ```
    public var bufferDuration: Duration { core.bufferDuration }

    /// The unread buffers each consumer of ``buffers`` has room for.
    ///
    /// ```swift
    /// let slack = recorder.bufferDuration * recorder.bufferLimit   // how far a consumer may lag
    /// ```
    public let bufferLimit: Int

    /// How many buffers were dropped because a consumer of ``buffers`` fell more than
    /// ``bufferLimit`` buffers behind, over all consumers since the recorder was made.
    ///
    /// ```swift
    /// if recorder.overflowCount > 0 { log("the encoder cannot keep up") }
    /// ```
    public var overflowCount: Int { core.buffers.droppedCount }

    /// The capture stream's index on the server (the source output `pactl list source-outputs`
    /// shows) while it is open; `nil` before the first ``record()`` and after ``stop()``.
    ///
    /// ```swift
    /// if let index = recorder.streamIndex { print("source output", index) }
    /// ```
    public var streamIndex: UInt32? { core.state.withLock { $0.stream?.index } }

    /// The recorder's events from now on.
    ///
    /// ```swift
    /// for await event in recorder.events where event == .pausedByInterruption { showPaused() }
    /// ```
    public var events: AudioRecorderEvents { core.events.subscribe() }
}
