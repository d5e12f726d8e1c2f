/// A capture stream (a source output) on a ``PulseConnection``: records a source, or a sink's
/// monitor, and delivers what it hears as ``buffers``.
///
/// ```swift
/// let spec = PulseSampleSpec(format: .s16le, rate: 48_000, channels: 1)
/// let capture = try await PulseCaptureStream.open(
///     on: connection, name: "Voice memo", properties: ["media.role": "production"], spec: spec)
/// defer { capture.close() }
/// for await bytes in capture.buffers { file.append(bytes) }
/// ```
public final class PulseCaptureStream: Sendable {
    let core: PulseStreamCore

    private init(core: PulseStreamCore) { self.core = core }

    /// Opens a capture stream and returns once the server has created its source output.
    ///
    /// - Parameters:
    ///   - connection: The connection the stream lives on.
    ///   - name: The stream's name (`media.name`).
    ///   - properties: Stream properties (`media.role`, a session token).
    ///   - spec: The PCM to deliver; the server converts to it.
    ///   - device: The source (`mic`, `speaker.monitor`); `nil` is the default source.
    ///   - latency: How often the server sends data (its fragment size); `nil` is its default.
    ///   - startCorked: Opens the stream paused; ``setCorked(_:)`` starts it.
    /// - Throws: ``PulseError``, ``PulseError/Code/noEntity`` for an unknown source.
    ///
    /// The corresponding PulseAudio calls are `pa_stream_new_with_proplist` and `pa_stream_connect_record`.
    public static func open(
        on connection: PulseConnection, name: String, properties: [String: String] = [:], spec: PulseSampleSpec,
        device: String? = nil, latency: Duration? = nil, startCorked: Bool = false
    ) async throws(PulseError) -> PulseCaptureStream {
        let core = try PulseStreamCore(
            connection: connection, direction: .capture, name: name, properties: properties, spec: spec, source: nil)
        do throws(PulseError) {
            try await core.connect(device: device, latency: latency, startCorked: startCorked)
        } catch {
            core.close()
            throw error
        }
        return PulseCaptureStream(core: core)
    }

    /// The recorded audio; one sequence per stream, ending when it closes or fails.
    public var buffers: PulseCaptureBuffers { core.captured }

    /// What happens to the stream (moves, failure); one sequence per stream.
    public var events: PulseStreamEvents { core.events }

    /// The PCM shape of ``buffers``.
    public var spec: PulseSampleSpec { core.spec }

    /// The source output's index on the server; `nil` once closed.
    public var index: UInt32? { core.index }

    /// The name of the source it records; `nil` once closed.
    public var deviceName: String? { core.deviceName }

    /// Whether the stream is corked (paused by this client).
    public var isCorked: Bool { core.isCorked }

    /// Pauses (`true`) or resumes recording; nothing is delivered while corked.
    ///
    /// The corresponding PulseAudio call is `pa_stream_cork`.
    public func setCorked(_ corked: Bool) async throws(PulseError) { try await core.setCorked(corked) }

    /// Ends the stream: its source output disappears and the sequences end. Safe to call more than once.
    ///
    /// The corresponding PulseAudio calls are `pa_stream_disconnect` and `pa_stream_unref`.
    public func close() { core.close() }

    deinit { core.close() }
}
