public import AudioFile
public import FoundationEssentials
import PulseBackend
import Synchronization

/// Records through an ``AudioSession`` to a WAV file or to buffers, as AVAudioRecorder does on iOS.
///
/// The capture stream carries the session's ``AudioSession/streamProperties``. The recorder
/// pauses when the session is interrupted (``AudioRecorderEvent/pausedByInterruption``);
/// ``record()`` continues. ``stop()`` writes the file, if one was given, and returns the audio.
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
    public let url: URL?
    /// The recorder's one listening task: interruptions and the stream's audio and events.
    private let listener: Task<Void, Never>

    /// A recorder of `format` audio from the default input (or the source named `device`, such
    /// as `speaker.monitor`), written to `url` on ``stop()``; `nil` keeps it in memory only.
    public init(url: URL?, format: PCMFormat, device: String? = nil, session: AudioSession) {
        self.url = url
        let core = RecorderCore(session: session, format: format, device: device)
        self.core = core
        let interruptions = session.interruptions
        listener = Task { await core.run(interruptions: interruptions) }
    }

    deinit { close() }

    /// Starts or continues recording. The first call opens the capture stream.
    ///
    /// - Throws: ``AudioMediaError``: ``AudioMediaError/Code/soundServerUnavailable`` without a
    ///   server, ``AudioMediaError/Code/stream`` when the server refuses (an unknown device).
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
    public func close() {
        listener.cancel()
        core.close()
    }

    /// Whether the recorder is recording (not paused or stopped).
    public var isRecording: Bool { core.state.withLock { $0.isRecording } }

    /// How much has been recorded since the last ``stop()``.
    public var currentTime: Duration {
        let frames = core.state.withLock { $0.recorded.count } / max(1, core.format.bytesPerFrame)
        return .nanoseconds(Int64(frames) * 1_000_000_000 / Int64(max(1, core.format.sampleRate)))
    }

    /// The format being recorded.
    public var format: PCMFormat { core.format }

    /// The recorded audio as it arrives, whole frames of ``format``, from now on.
    ///
    /// ```swift
    /// for await bytes in recorder.buffers { meter.update(bytes) }
    /// ```
    public var buffers: AudioRecorderBuffers { core.buffers.subscribe() }

    /// The capture stream's index on the server (the source output `pactl list source-outputs`
    /// shows) while it is open; `nil` before the first ``record()`` and after ``stop()``.
    public var streamIndex: UInt32? { core.state.withLock { $0.stream?.index } }

    /// The recorder's events from now on.
    public var events: AudioRecorderEvents { core.events.subscribe() }
}
