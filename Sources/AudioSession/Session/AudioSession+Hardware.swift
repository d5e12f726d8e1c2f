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

    /// Prefers a sample rate, or none with `nil`.
    ///
    /// As on iOS the preference reaches the device only while the session is active and not
    /// mixable: on PipeWire the session then sets `clock.force-rate` in the `settings` metadata,
    /// and writes back the value it found when it deactivates, is interrupted or closes. A
    /// mixable session's preference, and any preference on PulseAudio (whose device rate is
    /// fixed by its configuration), applies to the session's own streams only: open them at
    /// ``preferredSampleRate`` and the server converts (the library's player does).
    ///
    /// - Throws: ``AudioSessionError/Code/notSupported`` outside ``sampleRateRange``.
    ///
    /// ```swift
    /// try session.setPreferredSampleRate(44_100)
    /// try await session.setActive(true)    // on PipeWire the graph now runs at 44.1 kHz
    /// ```
    public func setPreferredSampleRate(_ rate: Double?) throws {
        if let rate, !Self.sampleRateRange.contains(rate) {
            throw AudioSessionError(
                .notSupported, "sample rate \(rate) is out of range; give \(Int(Self.sampleRateRange.lowerBound)) to \(Int(Self.sampleRateRange.upperBound)) frames per second")
        }
        core.state.withLock { $0.preferredSampleRate = rate }
        core.send(.updateHardware)
    }

    /// The preferred sample rate, or `nil` when the app prefers none.
    ///
    /// ```swift
    /// let rate = session.preferredSampleRate ?? session.sampleRate
    /// ```
    public var preferredSampleRate: Double? { core.state.withLock { $0.preferredSampleRate } }

    /// Prefers an I/O buffer duration (the period audio is handed over in), or none with `nil`.
    ///
    /// Applied like ``setPreferredSampleRate(_:)``: while the session is active and not mixable,
    /// on PipeWire as `clock.force-quantum` (the duration in frames at the graph's rate; PipeWire
    /// keeps it within its `clock.min-quantum`...`clock.max-quantum`), restored afterwards.
    /// Otherwise, and on PulseAudio, it is the buffer of the session's own streams: the
    /// library's player asks libpulse for buffer attributes of ``ioBufferDuration``, and apps
    /// with their own streams do the same (`pa_buffer_attr.tlength` and `fragsize`).
    ///
    /// - Throws: ``AudioSessionError/Code/notSupported`` outside ``ioBufferDurationRange``.
    ///
    /// ```swift
    /// try session.setPreferredIOBufferDuration(.milliseconds(5))   // a game's low-latency effects
    /// ```
    public func setPreferredIOBufferDuration(_ duration: Duration?) throws {
        if let duration, !Self.ioBufferDurationRange.contains(duration) {
            throw AudioSessionError(
                .notSupported, "I/O buffer duration \(duration) is out of range; give \(Self.ioBufferDurationRange.lowerBound) to \(Self.ioBufferDurationRange.upperBound)")
        }
        core.state.withLock { $0.preferredIOBufferDuration = duration }
        core.send(.updateHardware)
    }

    /// The preferred I/O buffer duration, or `nil` when the app prefers none.
    ///
    /// ```swift
    /// print(session.preferredIOBufferDuration ?? .zero)
    /// ```
    public var preferredIOBufferDuration: Duration? { core.state.withLock { $0.preferredIOBufferDuration } }

    // MARK: What holds now

    /// The sample rate in frames per second: the rate the session forces on PipeWire while it
    /// holds, else the rate of the output device ``currentRoute`` uses, as the server reports it
    /// (0 when unknown).
    ///
    /// ```swift
    /// let frames = Int(session.sampleRate * 0.02)   // 20 ms of audio
    /// ```
    public var sampleRate: Double {
        if let forced = core.clock.forced.rate { return Double(forced) }
        return Double(outputDevice?.sampleRate ?? 0)
    }

    /// The I/O buffer duration the session's audio uses: the quantum the session forces on
    /// PipeWire while it holds, else the preference, else ``defaultIOBufferDuration``.
    ///
    /// ```swift
    /// let frames = Int(session.sampleRate * Double(session.ioBufferDuration / .microseconds(1)) / 1_000_000)
    /// ```
    public var ioBufferDuration: Duration {
        let forced = core.clock.forced
        if let quantum = forced.quantum {
            let rate = forced.rate ?? core.clock.clockRate ?? UInt32(max(1, sampleRate))
            return .microseconds(Int64(quantum) * 1_000_000 / Int64(max(1, rate)))
        }
        return preferredIOBufferDuration ?? Self.defaultIOBufferDuration
    }

    /// The latency of the output device ``currentRoute`` uses, as the server reports it (zero when unknown).
    ///
    /// ```swift
    /// let presentationDelay = session.outputLatency + session.ioBufferDuration
    /// ```
    public var outputLatency: Duration { outputDevice?.latency ?? .zero }

    /// The latency of the input device ``currentRoute`` uses (or would use), as the server reports it.
    ///
    /// ```swift
    /// print(session.inputLatency)
    /// ```
    public var inputLatency: Duration { inputDevice?.latency ?? .zero }

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
    public var streamInputDevice: String? { core.state.withLock { $0.preferredInputUID } }

    /// The sink ``currentRoute`` names first.
    private var outputDevice: SoundDevice? {
        guard let graph = core.server.graph, let uid = currentRoute.outputs.first?.uid else { return nil }
        return graph.sink(named: uid)
    }

    /// The source the session records from, or would: its route's first input, else the
    /// preferred or default input (for categories whose route shows no input).
    private var inputDevice: SoundDevice? {
        guard let graph = core.server.graph else { return nil }
        let uid = currentRoute.inputs.first?.uid ?? core.state.withLock { $0.preferredInputUID }
        return uid.flatMap { graph.source(named: $0) } ?? graph.defaultSource
    }
}
