import AudioSessionContract
import PulseBackend
import SoundServer
import Synchronization

extension AudioSession {
    /// The ports the session's audio uses now: the devices its streams (those tagged with
    /// ``streamProperties``) play on and record from, or before it has streams, the devices they
    /// would use: the output (the server's default, or the built-in speaker under a ``PortOverride/speaker``
    /// override) and, for `record` and `play-and-record`, the preferred or default input.
    ///
    /// Read from the sound server directly, so the answer is the same with and without the agent
    /// (the agent's `GetCurrentRoute` answers the same way). Empty while the server is not
    /// reachable, and before the session is ready: call ``waitUntilReady()`` first after making one.
    ///
    /// ```swift
    /// if session.currentRoute.outputs.contains(where: { $0.portType == .headphones }) { showHeadphoneIcon() }
    /// ```
    public var currentRoute: RouteDescription { core.currentRoute(in: core.server.graph) }

    /// The inputs (sources, monitors and the agent's echo cancellers excluded) the session could
    /// record from, in server order; empty before the session is ready (``waitUntilReady()``). A
    /// call that records through a canceller records from its microphone, which is listed.
    ///
    /// ```swift
    /// for port in session.availableInputs { print(port.portName, port.portType) }
    /// ```
    public var availableInputs: [PortDescription] {
        guard let graph = core.server.graph else { return [] }
        return graph.sources.values.sorted { $0.index < $1.index }
            .filter { !EchoCancellerDeviceName.isCanceller($0.name) }
            .compactMap(\.sessionPort)
    }

    /// The input the session prefers, set with ``setPreferredInput(_:)``; `nil` for the server's default.
    ///
    /// ```swift
    /// print(session.preferredInput?.portName ?? "system default")
    /// ```
    public var preferredInput: PortDescription? {
        guard let uid = core.state.withLock({ $0.preferredInputUID }) else { return nil }
        return availableInputs.first { $0.uid == uid }
    }

    /// Prefers an input for the session's capture streams, or the server's default with `nil`.
    ///
    /// The preference is the session's own: it never changes the desktop's default input, which
    /// other apps use. It shows in ``currentRoute`` and ``streamInputDevice``; the library's
    /// recorder opens its stream there, and apps with their own streams pass
    /// ``streamInputDevice`` as the device when they connect. When the agent runs it gets the
    /// preference too (in the background, as with ``setCategory(_:mode:options:)``): while the
    /// session is active it moves the session's capture streams there and sends the route change.
    /// If the agent refuses the input (it offers only the inputs it routes to, never its own echo
    /// canceller), the refusal arrives on ``agentRefusals`` as ``AgentRefusal/Request/preferredInput``.
    ///
    /// - Throws: ``AudioSessionError/Code/noSuchPort`` when `port` is not in ``availableInputs``
    ///   (which is empty until the session is ready: ``waitUntilReady()``).
    ///
    /// ```swift
    /// if let usb = session.availableInputs.first(where: { $0.portType == .usbAudio }) {
    ///     try session.setPreferredInput(usb)
    /// }
    /// ```
    public func setPreferredInput(_ port: PortDescription?) throws {
        if let port, !availableInputs.contains(where: { $0.uid == port.uid }) {
            let names = availableInputs.map(\.uid).joined(separator: ", ")
            throw AudioSessionError(
                .noSuchPort, "no input \"\(port.uid)\" is available; available inputs: \(names.isEmpty ? "none" : names)")
        }
        core.state.withLock { $0.preferredInputUID = port?.uid }
        core.send(.pushRouting)
    }

    /// Overrides the session's output: ``PortOverride/speaker`` sends it to the built-in speaker
    /// (a call on the speaker while a headset is plugged in), ``PortOverride/none`` ends the override.
    ///
    /// The override shows in ``currentRoute`` and ``streamOutputDevice``, and the library's
    /// player opens its streams there; apps with their own streams pass ``streamOutputDevice``
    /// when they connect. The desktop's default output is never changed. When the agent runs it
    /// gets the override too (in the background): while the session is active (play-and-record)
    /// it moves the session's streams to the speaker, and its route change (reason `override`)
    /// is the one ``routeChanges`` delivers; the agent ends the override on the next device
    /// change or interruption. Without the agent the session announces the change itself. The
    /// agent's refusal, if any, arrives on ``agentRefusals`` as ``AgentRefusal/Request/outputOverride``.
    ///
    /// - Throws: ``AudioSessionError/Code/noSuchPort`` when no built-in speaker exists.
    ///
    /// ```swift
    /// try session.overrideOutputAudioPort(.speaker)
    /// ```
    public func overrideOutputAudioPort(_ override: PortOverride) throws {
        if override == .speaker {
            guard let graph = core.server.graph, SessionCore.speaker(in: graph) != nil else {
                throw AudioSessionError(
                    .noSuchPort, "no built-in speaker is available to override the output to; the outputs are: "
                        + (core.server.graph?.sinks.values.map(\.name).sorted().joined(separator: ", ") ?? "none (no sound server)"))
            }
        }
        let previous = currentRoute
        let isRegistered = core.state.withLock { state in
            state.outputOverride = override
            return state.registration != nil
        }
        if isRegistered {
            core.send(.pushRouting)
        } else if previous != currentRoute {
            core.routeChanges.publish(RouteChange(reason: .override, previousRoute: previous))
        }
    }

    /// Whether another app's audio is playing now: a running (not corked or paused) playback
    /// stream that is not this session's own. "Playing" means running, not a signal level.
    ///
    /// ```swift
    /// if session.isOtherAudioPlaying { try session.setCategory(.ambient) }   // don't stop their music
    /// ```
    public var isOtherAudioPlaying: Bool { core.isOtherAudioPlaying(in: core.server.graph) }

    /// Whether secondary audio (a game's soundtrack) should be silent because another app's
    /// primary audio plays; the agent tells `ambient` and `solo-ambient` sessions. Always `false`
    /// without the agent.
    ///
    /// ```swift
    /// soundtrack.isMuted = session.secondaryAudioShouldBeSilencedHint
    /// ```
    public var secondaryAudioShouldBeSilencedHint: Bool { core.state.withLock { $0.secondaryAudioShouldBeSilenced } }

    /// The volume of the default output, 0...1 (its loudest channel; 0 when muted). Changes come
    /// as ``outputVolumeChanges``.
    ///
    /// ```swift
    /// volumeSlider.value = session.outputVolume
    /// ```
    public var outputVolume: Float { SessionCore.outputVolume(in: core.server.graph) }

    /// Whether an input (a source that is not a monitor) exists. Changes come as
    /// ``inputAvailabilityChanges``.
    ///
    /// ```swift
    /// recordButton.isEnabled = session.isInputAvailable
    /// ```
    public var isInputAvailable: Bool { SessionCore.isInputAvailable(in: core.server.graph) }

    /// The input whose gain ``inputGain`` reads and ``setInputGain(_:)`` sets: the preferred input,
    /// else the server's default.
    private var gainDevice: SoundDevice? {
        guard let graph = core.server.graph else { return nil }
        let preferred = core.state.withLock { $0.preferredInputUID }
        return preferred.flatMap { graph.source(forPortUID: $0) } ?? graph.defaultSource
    }

    /// Whether ``setInputGain(_:)`` can work: an input exists and the server is reachable.
    /// (PulseAudio and PipeWire give every source a settable volume.)
    ///
    /// ```swift
    /// gainSlider.isEnabled = session.isInputGainSettable
    /// ```
    public var isInputGainSettable: Bool { gainDevice != nil }

    /// The gain of the session's input (the preferred input, else the default source), 0...1
    /// (the source's loudest channel, 1 being the device's normal level).
    ///
    /// ```swift
    /// gainSlider.value = session.inputGain
    /// ```
    public var inputGain: Float {
        guard let device = gainDevice else { return 0 }
        return Float(min(1, device.volume.maximum.level))
    }

    /// Sets the gain of the session's input (the preferred input, else the default source): its
    /// volume on the server, every channel alike, 0...1.
    ///
    /// The gain is the device's, for every app, and stays after the app exits: to silence only
    /// the app's own input, use ``setInputMuted(_:)``.
    ///
    /// - Throws: ``AudioSessionError/Code/notSupported`` for a gain outside 0...1,
    ///   ``AudioSessionError/Code/soundServerUnavailable`` without a server or an input.
    ///
    /// ```swift
    /// try await session.setInputGain(0.8)
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_set_source_volume_by_name`.
    public func setInputGain(_ gain: Float) async throws {
        guard (0...1).contains(gain) else {
            throw AudioSessionError(.notSupported, "input gain \(gain) is out of range; give a value from 0 to 1")
        }
        await core.started.wait()
        guard let device = gainDevice, let connection = core.server.connection else {
            throw AudioSessionError(.soundServerUnavailable, "cannot set the input gain: no input on a reachable sound server")
        }
        let volumes = ChannelVolumes(repeating: Volume(level: Double(gain)), count: max(1, device.channelMap.count))
        do {
            try await connection.perform(.setSourceVolume(name: device.name, volume: volumes))
        } catch {
            throw AudioSessionError(.soundServerUnavailable, "the sound server refused the input gain: \(error)")
        }
    }
}
