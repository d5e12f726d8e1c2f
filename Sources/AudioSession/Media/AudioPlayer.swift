@_exported public import AudioFile
public import FoundationEssentials
import PulseBackend
import Synchronization

/// Plays a WAV file or PCM in memory through an ``AudioSession``, as AVAudioPlayer does on iOS.
///
/// The player's stream carries the session's ``AudioSession/streamProperties``, so the policy
/// agent treats it as the session's audio. The player follows the session on its own: it pauses
/// when the session is interrupted (a call) and resumes when the interruption ends with
/// should-resume (unless ``resumesAfterInterruption`` is `false`), and it pauses when its output
/// device goes away (unplugged headphones). When the sound server restarts under it, it plays on
/// from its place once the session reports the reset. Without the agent, it also obeys the server's own
/// cork requests (stock PulseAudio's module-role-cork pauses music for a phone stream), as an
/// interruption. ``events`` tells what it did.
///
/// ```swift
/// let session = AudioSession.shared
/// try session.setCategory(.playback)
/// try await session.setActive(true)
/// let player = try AudioPlayer(contentsOf: URL(filePath: "song.wav"), session: session)
/// player.numberOfLoops = 1            // play twice
/// try await player.play()
/// for await event in player.events {
///     if case .finished = event { break }
/// }
/// ```
public final class AudioPlayer: Sendable {
    let core: PlayerCore<PlaybackSource>
    /// The player's one listening task: the session's notifications and the stream's events.
    /// It holds the core, never the player, and ends when the player is closed or released.
    private let listener: Task<Void, Never>

    /// A player for the WAV file at `url` (16- or 32-bit PCM or 32-bit float, 1 to 8 channels).
    ///
    /// - Throws: ``AudioMediaError`` with ``AudioMediaError/Code/file`` when the file cannot be
    ///   read or is not such a WAV file; the message says what was expected.
    ///
    /// ```swift
    /// let player = try AudioPlayer(contentsOf: URL(filePath: "song.wav"), session: session)
    /// ```
    public convenience init(contentsOf url: URL, session: AudioSession) throws {
        let file: WAVFile
        do throws(WAVFileError) {
            file = try WAVFile(contentsOf: url.path)
        } catch {
            throw AudioMediaError(code: .file, message: "\(error)")
        }
        try self.init(file: file, name: url.lastPathComponent, session: session)
    }

    /// A player for PCM in memory: interleaved little-endian frames of `format`.
    ///
    /// ```swift
    /// let beep = AudioPlayer(pcm: samples, format: PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1), session: session)
    /// ```
    ///
    /// - Throws: ``AudioMediaError`` with ``AudioMediaError/Code/format`` for an empty buffer or a
    ///   format with no channels or no rate.
    public convenience init(pcm: [UInt8], format: PCMFormat, name: String = "AudioPlayer", session: AudioSession) throws {
        try self.init(file: WAVFile(format: format, data: pcm), name: name, session: session)
    }

    init(file: WAVFile, name: String, session: AudioSession) throws(AudioMediaError) {
        guard file.format.channels > 0, file.format.sampleRate > 0, file.frameCount > 0 else {
            throw AudioMediaError(code: .format, message: "expected at least one frame of \(file.format), found \(file.frameCount)")
        }
        // The session's preferred output channel count shapes the stream (the PCM mapped onto it).
        let channels = session.preferredOutputNumberOfChannels
        let played = channels > 0 && channels != file.format.channels
            ? WAVFile(format: file.format.withChannels(channels), data: file.format.remap(file.data, toChannels: channels)) : file
        let core = PlayerCore(session: session, source: PlaybackSource(file: played), name: name)
        self.core = core
        // Subscribed here, before the task runs, so no notification after init is missed.
        let interruptions = session.interruptions
        let routeChanges = session.routeChanges
        let resets = session.mediaServicesWereReset
        listener = Task { await core.run(interruptions: interruptions, routeChanges: routeChanges, resets: resets) }
    }

    deinit { close() }

    // MARK: Playing

    /// Starts or resumes playback from ``currentTime``. The first call opens the stream.
    ///
    /// Activate the session first: an inactive session's audio may be silenced by the agent.
    ///
    /// - Throws: ``AudioMediaError``: ``AudioMediaError/Code/soundServerUnavailable`` without a
    ///   server, ``AudioMediaError/Code/stream`` when the server refuses the stream.
    ///
    /// ```swift
    /// try await session.setActive(true)
    /// try await player.play()
    /// ```
    public func play() async throws { try await core.play() }

    /// Pauses playback; ``play()`` resumes where it paused.
    ///
    /// ```swift
    /// await player.pause()
    /// ```
    public func pause() async { await core.pause() }

    /// Stops playback and rewinds to the start; the stream closes and leaves the server.
    ///
    /// ```swift
    /// player.stop()
    /// ```
    public func stop() { core.stop() }

    /// Stops for good: the stream closes and ``events`` ends. Releasing the player does the same.
    ///
    /// ```swift
    /// player.close()
    /// ```
    public func close() {
        listener.cancel()
        core.close()
    }

    /// Whether the player is playing (not paused, stopped or finished).
    ///
    /// ```swift
    /// playButton.title = player.isPlaying ? "Pause" : "Play"
    /// ```
    public var isPlaying: Bool { core.state.withLock { $0.isPlaying } }

    /// The playing time of one pass through the audio.
    ///
    /// ```swift
    /// progress.total = player.duration
    /// ```
    public var duration: Duration { core.source.file.duration }

    /// The position in the audio, within the current pass. It is the position handed to the
    /// server, which plays it about 100 ms later.
    ///
    /// ```swift
    /// player.currentTime = .seconds(30)   // skip ahead
    /// ```
    public var currentTime: Duration {
        get {
            let rate = Int64(core.source.file.format.sampleRate)
            return .nanoseconds(Int64(core.source.framePosition) * 1_000_000_000 / max(1, rate))
        }
        set {
            let seconds = Double(newValue.components.seconds) + Double(newValue.components.attoseconds) / 1e18
            core.source.framePosition = Int(seconds * Double(core.source.file.format.sampleRate))
        }
    }

    /// The player's own gain, 0...1, applied to the samples (the stream's volume on the server
    /// stays the user's and the policy agent's to set).
    ///
    /// ```swift
    /// player.volume = 0.5
    /// ```
    public var volume: Float {
        get { core.source.gain }
        set { core.source.gain = newValue }
    }

    /// Extra passes after the first: 0 plays once, 1 twice, a negative number loops until
    /// ``stop()``.
    ///
    /// ```swift
    /// player.numberOfLoops = -1   // loop until stopped
    /// ```
    public var numberOfLoops: Int {
        get { core.source.numberOfLoops }
        set { core.source.numberOfLoops = newValue }
    }

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

    /// The format of the audio as the player's stream carries it: the PCM's, with the session's
    /// preferred output channel count when it had one as the player was made
    /// (``AudioSession/setPreferredOutputNumberOfChannels(_:)``).
    ///
    /// ```swift
    /// print(player.format.sampleRate)   // 48000
    /// ```
    public var format: PCMFormat { core.source.file.format }

    /// The player's events from now on: finished, paused by an interruption, resumed, paused for
    /// a route change, stopped by the server.
    ///
    /// ```swift
    /// for await event in player.events { print(event) }
    /// ```
    public var events: AudioPlayerEvents { core.events.subscribe() }

    /// The stream's index on the server (the sink input `pactl list sink-inputs` shows) while it
    /// is open; `nil` before the first ``play()`` and after ``stop()``.
    ///
    /// ```swift
    /// if let index = player.streamIndex { print("sink input", index) }
    /// ```
    public var streamIndex: UInt32? { core.state.withLock { $0.stream?.index } }
}
