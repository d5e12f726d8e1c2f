internal import CPulse
public import SoundServer

extension PulseConnection {
    /// Sends `command` without waiting for it; `completion` (if any) runs on the loop thread with
    /// the server's answer: the new module's index for ``PulseCommand/loadModule(name:argument:)``,
    /// `nil` for every other command.
    ///
    /// This is the call to use from a ``PulseGraphMirror`` handler: it only queues the request, so
    /// the handler reacts on the loop thread without a hop and without blocking it. Commands are
    /// answered in the order they were submitted.
    ///
    /// ```swift
    /// let mirror = try await PulseGraphMirror.start(on: connection) { event, _ in
    ///     if case .streamAppeared(let stream) = event, stream.role == "phone" {
    ///         connection.submit(.setSinkInputMute(index: musicIndex, muted: true))
    ///     }
    /// }
    /// ```
    public func submit(_ command: PulseCommand, completion: (@Sendable (Result<UInt32?, PulseError>) -> Void)? = nil) {
        let done: (Result<Void, PulseError>) -> Void = { completion?($0.map { nil }) }
        switch command {
        case .setSinkInputVolume(let index, let volume):
            setVolume(of: index, playback: true, to: volume, completion: done)
        case .setSourceOutputVolume(let index, let volume):
            setVolume(of: index, playback: false, to: volume, completion: done)
        case .setSinkInputMute(let index, let muted):
            request("pa_context_set_sink_input_mute", done) {
                pa_context_set_sink_input_mute($0, index, muted ? 1 : 0, OperationCallbacks.success, $1)
            }
        case .setSourceOutputMute(let index, let muted):
            request("pa_context_set_source_output_mute", done) {
                pa_context_set_source_output_mute($0, index, muted ? 1 : 0, OperationCallbacks.success, $1)
            }
        case .moveSinkInput(let index, let sinkIndex):
            request("pa_context_move_sink_input_by_index", done) {
                pa_context_move_sink_input_by_index($0, index, sinkIndex, OperationCallbacks.success, $1)
            }
        case .moveSourceOutput(let index, let sourceIndex):
            request("pa_context_move_source_output_by_index", done) {
                pa_context_move_source_output_by_index($0, index, sourceIndex, OperationCallbacks.success, $1)
            }
        case .moveSinkInputByName(let index, let sinkName):
            request("pa_context_move_sink_input_by_name", done) {
                pa_context_move_sink_input_by_name($0, index, sinkName, OperationCallbacks.success, $1)
            }
        case .moveSourceOutputByName(let index, let sourceName):
            request("pa_context_move_source_output_by_name", done) {
                pa_context_move_source_output_by_name($0, index, sourceName, OperationCallbacks.success, $1)
            }
        case .killSinkInput(let index):
            request("pa_context_kill_sink_input", done) { pa_context_kill_sink_input($0, index, OperationCallbacks.success, $1) }
        case .killSourceOutput(let index):
            request("pa_context_kill_source_output", done) {
                pa_context_kill_source_output($0, index, OperationCallbacks.success, $1)
            }
        case .loadModule(let name, let argument):
            request("pa_context_load_module", { (result: Result<UInt32, PulseError>) in completion?(result.map { $0 }) }) {
                pa_context_load_module($0, name, argument, OperationCallbacks.index, $1)
            }
        case .unloadModule(let index):
            request("pa_context_unload_module", done) { pa_context_unload_module($0, index, OperationCallbacks.success, $1) }
        case .setDefaultSink(let name):
            request("pa_context_set_default_sink", done) { pa_context_set_default_sink($0, name, OperationCallbacks.success, $1) }
        case .setDefaultSource(let name):
            request("pa_context_set_default_source", done) {
                pa_context_set_default_source($0, name, OperationCallbacks.success, $1)
            }
        case .setSourceVolume(let name, let volume):
            var cvolume = PulseValues.cvolume(volume)
            request("pa_context_set_source_volume_by_name", done) {
                pa_context_set_source_volume_by_name($0, name, &cvolume, OperationCallbacks.success, $1)
            }
        }
    }

    /// Sends `command` and waits for the server's answer.
    ///
    /// ```swift
    /// try await connection.perform(.setDefaultSink(name: "headphones"))
    /// ```
    ///
    /// - Throws: ``PulseError``; an unknown index gives ``PulseError/Code/noEntity``.
    @discardableResult
    public func perform(_ command: PulseCommand) async throws(PulseError) -> UInt32? {
        try await awaiting { done in submit(command) { done($0) } }
    }

    /// Sets a sink input's volume, per channel or one volume for all channels.
    ///
    /// ```swift
    /// try await connection.setSinkInputVolume(stream.index, to: ChannelVolumes([Volume(percent: 30)]))
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_set_sink_input_volume`, after
    /// `pa_context_get_sink_input_info` for the stream's channel map.
    public func setSinkInputVolume(_ index: UInt32, to volume: ChannelVolumes) async throws(PulseError) {
        try await perform(.setSinkInputVolume(index: index, volume: volume))
    }

    /// Mutes or unmutes a sink input.
    ///
    /// ```swift
    /// try await connection.setSinkInputMute(stream.index, muted: true)
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_set_sink_input_mute`.
    public func setSinkInputMute(_ index: UInt32, muted: Bool) async throws(PulseError) {
        try await perform(.setSinkInputMute(index: index, muted: muted))
    }

    /// Moves a sink input to the sink with index `sinkIndex`.
    ///
    /// ```swift
    /// try await connection.moveSinkInput(stream.index, toSink: headphones.index)
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_move_sink_input_by_index`.
    public func moveSinkInput(_ index: UInt32, toSink sinkIndex: UInt32) async throws(PulseError) {
        try await perform(.moveSinkInput(index: index, sinkIndex: sinkIndex))
    }

    /// Loads a module and returns its index.
    ///
    /// ```swift
    /// let index = try await connection.loadModule("module-null-sink", argument: "sink_name=extra")
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_load_module`.
    public func loadModule(_ name: String, argument: String = "") async throws(PulseError) -> UInt32 {
        guard let index = try await perform(.loadModule(name: name, argument: argument)) else {
            throw PulseError(code: .protocolError, operation: "pa_context_load_module", message: "the server sent no module index")
        }
        return index
    }

    /// Unloads the module with index `index`.
    ///
    /// ```swift
    /// try await connection.unloadModule(index)
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_unload_module`.
    public func unloadModule(_ index: UInt32) async throws(PulseError) {
        try await perform(.unloadModule(index: index))
    }

    /// Reads the stream's channel count, then sets the volume with exactly that many channels:
    /// libpulse refuses a cvolume of another size with "Invalid argument". Both steps run on the
    /// loop thread, one after the other, without a hop.
    private func setVolume(
        of index: UInt32, playback: Bool, to volume: ChannelVolumes, completion: @escaping (Result<Void, PulseError>) -> Void
    ) {
        let operation: StaticString = playback ? "pa_context_set_sink_input_volume" : "pa_context_set_source_output_volume"
        // The continuation holds the core, not the connection: a connection released by its
        // owner while a command is in flight must not be freed on the loop thread.
        let apply: (Result<[SoundStream], PulseError>) -> Void = { [core] result in
            switch result {
            case .failure(let error):
                completion(.failure(error))
            case .success(let streams):
                let channels = streams.first?.channelMap.count ?? 0
                guard let fitted = Self.fit(volume, toChannels: channels) else {
                    completion(.failure(PulseError(
                        code: .invalidArgument, operation: "\(operation)",
                        message: "stream \(index) has \(channels) channels but \(volume.count) volumes were given")))
                    return
                }
                var cvolume = PulseValues.cvolume(fitted)
                core.withLoopLocked { loop in
                    loop.start(operation, ValueOperation<Void>(completion)) { context, userdata in
                        playback
                            ? pa_context_set_sink_input_volume(context, index, &cvolume, OperationCallbacks.success, userdata)
                            : pa_context_set_source_output_volume(context, index, &cvolume, OperationCallbacks.success, userdata)
                    }
                }
            }
        }
        if playback {
            request("pa_context_get_sink_input_info", apply) {
                pa_context_get_sink_input_info($0, index, OperationCallbacks.sinkInput, $1)
            }
        } else {
            request("pa_context_get_source_output_info", apply) {
                pa_context_get_source_output_info($0, index, OperationCallbacks.sourceOutput, $1)
            }
        }
    }

    /// `volume` with `channels` entries: as given when the count matches, one volume repeated.
    static func fit(_ volume: ChannelVolumes, toChannels channels: Int) -> ChannelVolumes? {
        if volume.count == channels && channels > 0 { return volume }
        if volume.count == 1 && channels > 0 { return ChannelVolumes(repeating: volume[0], count: channels) }
        return nil
    }
}
