import SoundServer
import Synchronization

extension AudioSession {
    /// The most output channels the route's devices take: the largest channel count among the
    /// sinks ``currentRoute`` plays to (0 without a server or an output).
    ///
    /// ```swift
    /// let surround = session.maximumOutputNumberOfChannels >= 6
    /// ```
    public var maximumOutputNumberOfChannels: Int {
        guard let graph = core.server.graph else { return 0 }
        return currentRoute.outputs.compactMap { graph.sink(forPortUID: $0.uid)?.channelMap.count }.max() ?? 0
    }

    /// The most input channels the route's devices take: the largest channel count among the
    /// sources ``currentRoute`` records from, else the input the session would record from
    /// (0 without one).
    ///
    /// ```swift
    /// let stereoMicrophone = session.maximumInputNumberOfChannels >= 2
    /// ```
    public var maximumInputNumberOfChannels: Int {
        guard let graph = core.server.graph else { return 0 }
        let counts = currentRoute.inputs.compactMap { graph.source(forPortUID: $0.uid)?.channelMap.count }
        return counts.max() ?? inputDevice?.channelMap.count ?? 0
    }

    /// The channel count the session's own players' streams use, set with
    /// ``setPreferredOutputNumberOfChannels(_:)``; 0 when each uses its format's.
    ///
    /// ```swift
    /// print(session.preferredOutputNumberOfChannels)   // 0: no preference
    /// ```
    public var preferredOutputNumberOfChannels: Int { core.state.withLock { $0.preferredOutputChannels } }

    /// The channel count the session's own recorders' streams use, set with
    /// ``setPreferredInputNumberOfChannels(_:)``; 0 when each uses its format's.
    ///
    /// ```swift
    /// print(session.preferredInputNumberOfChannels)   // 0: no preference
    /// ```
    public var preferredInputNumberOfChannels: Int { core.state.withLock { $0.preferredInputChannels } }

    /// Prefers `count` channels for the streams of the session's own players (``AudioPlayer``
    /// and ``AudioStreamPlayer`` created after the call); 0 removes the preference.
    ///
    /// The player's stream on the server then has `count` channels whatever its PCM has: the
    /// library maps the PCM's channels onto them (mono is copied to every channel; more channels
    /// than `count` are averaged down in turn) and the server maps the stream onto the device as
    /// for any stream. Unlike iOS the device keeps its own channel count: the server converts
    /// per stream. Streams the app opens itself (libpulse, PipeWire) are its own to shape.
    ///
    /// - Throws: ``AudioSessionError/Code/invalidConfiguration`` for a negative count or one
    ///   above ``maximumOutputNumberOfChannels`` (when the route is known), as iOS refuses it.
    ///
    /// ```swift
    /// try session.setPreferredOutputNumberOfChannels(2)   // a mono voice plays as stereo
    /// let player = try AudioPlayer(url: prompt, session: session)
    /// ```
    public func setPreferredOutputNumberOfChannels(_ count: Int) throws {
        try Self.checkChannelCount(count, maximum: maximumOutputNumberOfChannels, "output")
        core.state.withLock { $0.preferredOutputChannels = count }
    }

    /// Prefers `count` channels for the capture streams of the session's own recorders
    /// (``AudioRecorder``, from its next ``AudioRecorder/record()`` that opens a stream); 0
    /// removes the preference.
    ///
    /// The recorder's stream on the server then has `count` channels (the server maps the
    /// device's channels onto it), and the library maps them onto the recorder's format, so the
    /// recorder's file and buffers keep the format the app gave it.
    ///
    /// - Throws: ``AudioSessionError/Code/invalidConfiguration`` for a negative count or one
    ///   above ``maximumInputNumberOfChannels`` (when the input is known).
    ///
    /// ```swift
    /// try session.setPreferredInputNumberOfChannels(1)   // record the microphone as mono
    /// ```
    public func setPreferredInputNumberOfChannels(_ count: Int) throws {
        try Self.checkChannelCount(count, maximum: maximumInputNumberOfChannels, "input")
        core.state.withLock { $0.preferredInputChannels = count }
    }

    private static func checkChannelCount(_ count: Int, maximum: Int, _ direction: String) throws(AudioSessionError) {
        guard count >= 0 else {
            throw AudioSessionError(.invalidConfiguration, "a preferred \(direction) channel count is 1 or more (0 for none), not \(count)")
        }
        guard maximum == 0 || count <= maximum else {
            throw AudioSessionError(
                .invalidConfiguration, "the route's \(direction) takes at most \(maximum) channel(s), not \(count)")
        }
    }
}
