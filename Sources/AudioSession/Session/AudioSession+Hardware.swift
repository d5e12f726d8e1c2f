import AudioSessionContract
import SoundServer
import Synchronization

extension AudioSession {
    /// The I/O buffer duration the library's own streams use when the app prefers none (20 ms:
    /// low enough for prompts and games, high enough for a loaded desktop).
    ///
    /// ```swift
    /// let buffer = session.preferredIOBufferDuration ?? AudioSession.defaultIOBufferDuration
    /// ```
    public static let defaultIOBufferDuration: Duration = .milliseconds(20)

    /// The rates ``setPreferredSampleRate(_:)`` accepts, in frames per second.
    ///
    /// ```swift
    /// AudioSession.sampleRateRange.contains(44_100)   // true
    /// ```
    public static let sampleRateRange: ClosedRange<Double> = 8_000...384_000

    /// The durations ``setPreferredIOBufferDuration(_:)`` accepts.
    ///
    /// ```swift
    /// AudioSession.ioBufferDurationRange.contains(.milliseconds(5))   // true
    /// ```
    public static let ioBufferDurationRange: ClosedRange<Duration> = .microseconds(500)...(.seconds(2))

    // MARK: Preferences

    /// Prefers a sample rate, or none with `nil`, and returns once the agent has it.
    ///
    /// As on iOS the preference reaches the device only while the session is active and not
    /// mixable. The agent applies it, not the app's process: on PipeWire (natively or through
    /// pipewire-pulse) it sets `clock.force-rate` in the `settings` metadata while the preference
    /// holds, journals it, and writes back the value it found when the session deactivates, is
    /// interrupted, closes, or the app dies; so a crash leaves the desktop's clock as it was. On
    /// PulseAudio the device rate is fixed by the server's configuration: the preference is kept
    /// (no error) and applies to the session's own streams only: open them at
    /// ``preferredSampleRate`` and the server converts (the library's player does). ``sampleRate``
    /// says what the device really runs at.
    ///
    /// Without the agent the preference is kept and sent when the agent appears.
    ///
    /// - Note: Since the second edition this method is `async` (it was synchronous and told the
    ///   agent nothing): add `await` to existing calls.
    /// - Throws: ``AudioSessionError/Code/notSupported`` outside ``sampleRateRange``; the agent's
    ///   refusal otherwise.
    ///
    /// ```swift
    /// try await session.setPreferredSampleRate(44_100)
    /// try await session.setActive(true)    // on PipeWire the graph now runs at 44.1 kHz
    /// print(session.sampleRate)            // 44100.0
    /// ```
    public func setPreferredSampleRate(_ rate: Double?) async throws {
        if let rate, !Self.sampleRateRange.contains(rate) {
            throw AudioSessionError(
                .notSupported, "sample rate \(rate) is out of range; give \(Int(Self.sampleRateRange.lowerBound)) to \(Int(Self.sampleRateRange.upperBound)) frames per second")
        }
        core.state.withLock { $0.preferredSampleRate = rate }
        try await core.sendHardwarePreferences()
    }

    /// The preferred sample rate, or `nil` when the app prefers none.
    ///
    /// ```swift
    /// let rate = session.preferredSampleRate ?? session.sampleRate
    /// ```
    public var preferredSampleRate: Double? { core.state.withLock { $0.preferredSampleRate } }

    /// Prefers an I/O buffer duration (the period audio is handed over in), or none with `nil`,
    /// and returns once the agent has it.
    ///
    /// Applied like ``setPreferredSampleRate(_:)``: while the session is active and not mixable,
    /// on PipeWire as `clock.force-quantum` (the duration in frames at the preferred rate, else
    /// the graph's, kept within `clock.min-quantum`...`clock.max-quantum`), by the agent, and
    /// written back afterwards. On PulseAudio it is the buffer of the session's own streams: the
    /// library's player asks libpulse for buffer attributes of ``preferredIOBufferDuration``, and
    /// apps with their own streams do the same (`pa_buffer_attr.tlength` and `fragsize`).
    ///
    /// - Note: Since the second edition this method is `async`: add `await` to existing calls.
    /// - Throws: ``AudioSessionError/Code/notSupported`` outside ``ioBufferDurationRange``; the
    ///   agent's refusal otherwise.
    ///
    /// ```swift
    /// try await session.setPreferredIOBufferDuration(.milliseconds(5))   // a game's low-latency effects
    /// ```
    public func setPreferredIOBufferDuration(_ duration: Duration?) async throws {
        if let duration, !Self.ioBufferDurationRange.contains(duration) {
            throw AudioSessionError(
                .notSupported, "I/O buffer duration \(duration) is out of range; give \(Self.ioBufferDurationRange.lowerBound) to \(Self.ioBufferDurationRange.upperBound)")
        }
        core.state.withLock { $0.preferredIOBufferDuration = duration }
        try await core.sendHardwarePreferences()
    }

    /// The preferred I/O buffer duration, or `nil` when the app prefers none.
    ///
    /// ```swift
    /// print(session.preferredIOBufferDuration ?? .zero)
    /// ```
    public var preferredIOBufferDuration: Duration? { core.state.withLock { $0.preferredIOBufferDuration } }

    // MARK: What holds now

    /// The sample rate in frames per second the output device of ``currentRoute`` runs at, as
    /// the agent reports it (`GetHardwareValues`: on PipeWire the graph's rate, forced or not; on
    /// PulseAudio the device's). Without the agent, the rate the server gives for that device.
    /// 0 before the session is ready (``waitUntilReady()``) and without a server.
    ///
    /// The agent's values are read again after each activation, deactivation, interruption,
    /// route change and preference change.
    ///
    /// ```swift
    /// await session.waitUntilReady()
    /// let frames = Int(session.sampleRate * 0.02)   // 20 ms of audio
    /// ```
    public var sampleRate: Double {
        if let rate = agentValues?.outputSampleRate { return Double(rate) }
        return Double(outputDevice?.sampleRate ?? 0)
    }

    /// The I/O buffer duration the server uses, as the agent reports it: on PipeWire one
    /// quantum at the graph's rate (the forced quantum while the session's preference holds),
    /// on PulseAudio the output device's configured latency. Without the agent (or before the
    /// session is ready), the preference, else ``defaultIOBufferDuration``.
    ///
    /// ```swift
    /// let frames = Int(session.sampleRate * Double(session.ioBufferDuration / .microseconds(1)) / 1_000_000)
    /// ```
    public var ioBufferDuration: Duration {
        if let seconds = agentValues?.ioBufferDuration { return Self.duration(seconds) }
        return preferredIOBufferDuration ?? Self.defaultIOBufferDuration
    }

    /// The latency of the output device ``currentRoute`` uses, as the agent reports it from the
    /// server (without the agent, as the server reports it to the session); zero when unknown
    /// (before ready, on native PipeWire, which reports none).
    ///
    /// ```swift
    /// let presentationDelay = session.outputLatency + session.ioBufferDuration
    /// ```
    public var outputLatency: Duration {
        if let seconds = agentValues?.outputLatency { return Self.duration(seconds) }
        return outputDevice?.latency ?? .zero
    }

    /// The latency of the input device ``currentRoute`` uses (or would use), as ``outputLatency``.
    ///
    /// ```swift
    /// print(session.inputLatency)
    /// ```
    public var inputLatency: Duration {
        if let seconds = agentValues?.inputLatency { return Self.duration(seconds) }
        return inputDevice?.latency ?? .zero
    }

    /// The channel count of the output ``currentRoute`` uses (0 without a server).
    ///
    /// ```swift
    /// let stereo = session.outputNumberOfChannels >= 2
    /// ```
    public var outputNumberOfChannels: Int { outputDevice?.channelMap.count ?? 0 }

    /// The channel count of the input the session records from (or would), 0 without one.
    ///
    /// ```swift
    /// let channels = session.inputNumberOfChannels
    /// ```
    public var inputNumberOfChannels: Int { inputDevice?.channelMap.count ?? 0 }

    // MARK: Devices for the session's own streams

    /// The output device (sink name) the session's streams should be opened on: the built-in
    /// speaker under a ``PortOverride/speaker`` override, else `nil` for the server's default
    /// (which policy and the user move). Pass it as the device when connecting a playback stream.
    ///
    /// ```swift
    /// pa_stream_connect_playback(stream, session.streamOutputDevice, &attributes, [], nil, nil)
    /// ```
    public var streamOutputDevice: String? {
        guard core.state.withLock({ $0.outputOverride }) == .speaker, let graph = core.server.graph else { return nil }
        return SessionCore.speaker(in: graph)?.name
    }

    /// The input device (source name) the session's capture streams should be opened on: the
    /// preferred input (``setPreferredInput(_:)``), else `nil` for the server's default.
    ///
    /// ```swift
    /// pa_stream_connect_record(stream, session.streamInputDevice, &attributes, [])
    /// ```
    public var streamInputDevice: String? {
        guard let uid = core.state.withLock({ $0.preferredInputUID }) else { return nil }
        return core.server.graph?.source(forPortUID: uid)?.name
    }

    /// What the agent last reported of the server, if anything.
    private var agentValues: HardwareValuesReply? { core.state.withLock { $0.hardwareValues } }

    private static func duration(_ seconds: Double) -> Duration { .nanoseconds(Int64((seconds * 1e9).rounded())) }

    /// The sink ``currentRoute`` names first.
    var outputDevice: SoundDevice? {
        guard let graph = core.server.graph, let uid = currentRoute.outputs.first?.uid else { return nil }
        return graph.sink(forPortUID: uid)
    }

    /// The source the session records from, or would: its route's first input, else the
    /// preferred or default input (for categories whose route shows no input).
    var inputDevice: SoundDevice? {
        guard let graph = core.server.graph else { return nil }
        let uid = currentRoute.inputs.first?.uid ?? core.state.withLock { $0.preferredInputUID }
        return uid.flatMap { graph.source(forPortUID: $0) } ?? graph.defaultSource
    }
}
