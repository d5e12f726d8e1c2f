/// A playback stream (a sink input) on a ``PulseConnection``, fed from a ``PulsePlaybackSource``
/// whenever the server asks for data.
///
/// The stream carries the properties it was opened with (`media.role`, the session's token), so
/// the server and the agent see it as the app declared it. When the source ends, the stream
/// drains and ``events`` reports ``PulseStreamEvent/drained``.
///
/// ```swift
/// let spec = PulseSampleSpec(format: .s16le, rate: 48_000, channels: 2)
/// let stream = try await PulsePlaybackStream.open(
///     on: connection, name: "Music", properties: ["media.role": "music"],
///     source: PulseMemorySource(bytes: pcm, spec: spec), latency: .milliseconds(100))
/// defer { stream.close() }
/// for await event in stream.events where event == .drained { break }
/// ```
public final class PulsePlaybackStream: Sendable {
    let core: PulseStreamCore

    private init(core: PulseStreamCore) { self.core = core }

    /// Opens a playback stream and returns once the server has created its sink input.
    ///
    /// - Parameters:
    ///   - connection: The connection the stream lives on; it must outlive the stream's use.
    ///   - name: The stream's name (`media.name`).
    ///   - properties: Stream properties (`media.role`, `application.name`, a session token).
    ///   - source: Asked for data on the loop thread each time the server wants more; its
    ///     ``PulsePlaybackSource/spec`` is the stream's.
    ///   - device: The sink to play on; `nil` is the server's choice (the default sink).
    ///   - latency: The buffer the server keeps filled ahead (its target length); `nil` is the
    ///     server's default, up to two seconds, which also delays ``setCorked(_:)``'s effect on
    ///     what a position read from the source means.
    ///   - startCorked: Opens the stream paused; ``setCorked(_:)`` starts it.
    /// - Throws: ``PulseError``: ``PulseError/Code/invalidArgument`` for a spec the server refuses,
    ///   ``PulseError/Code/noEntity`` for an unknown device.
    ///
    /// The corresponding PulseAudio calls are `pa_stream_new_with_proplist` and
    /// `pa_stream_connect_playback`.
    public static func open(
        on connection: PulseConnection, name: String, properties: [String: String] = [:],
        source: any PulsePlaybackSource, device: String? = nil, latency: Duration? = nil, startCorked: Bool = false
    ) async throws(PulseError) -> PulsePlaybackStream {
        let core = try PulseStreamCore(
            connection: connection, direction: .playback, name: name, properties: properties, spec: source.spec, source: source)
        do throws(PulseError) {
            try await core.connect(device: device, latency: latency, startCorked: startCorked)
        } catch {
            core.close()
            throw error
        }
        return PulsePlaybackStream(core: core)
    }

    /// What happens to the stream; one sequence per stream, ending when it closes or fails.
    public var events: PulseStreamEvents { core.events }

    /// The PCM shape the stream was opened with.
    public var spec: PulseSampleSpec { core.spec }

    /// The sink input's index on the server; `nil` once closed.
    public var index: UInt32? { core.index }

    /// The name of the sink it plays on; `nil` once closed.
    public var deviceName: String? { core.deviceName }

    /// Whether the stream is corked (paused by this client).
    public var isCorked: Bool { core.isCorked }

    /// Pauses (`true`) or resumes the stream; what the server buffered is kept and plays on resume.
    ///
    /// ```swift
    /// try await stream.setCorked(true)   // pactl shows "Corked: yes"
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_stream_cork`.
    public func setCorked(_ corked: Bool) async throws(PulseError) { try await core.setCorked(corked) }

    /// Returns once everything written so far has been played; also reported as ``PulseStreamEvent/drained``.
    ///
    /// The corresponding PulseAudio call is `pa_stream_drain`.
    public func drain() async throws(PulseError) { try await core.drain() }

    /// Ends the stream: its sink input disappears from the server and ``events`` ends. Safe to
    /// call more than once; operations still waiting fail with ``PulseError/Code/connectionTerminated``.
    ///
    /// The corresponding PulseAudio calls are `pa_stream_disconnect` and `pa_stream_unref`.
    public func close() { core.close() }

    deinit { core.close() }
}
