internal import CPulse
public import SoundServer

extension PulseConnection {
    /// The server's name, version, defaults and instance identity.
    ///
    /// ```swift
    /// let journalKey = try await connection.serverInfo().instance
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_get_server_info`.
    public func serverInfo() async throws(PulseError) -> ServerInfo {
        try await awaiting { done in
            request("pa_context_get_server_info", done) { pa_context_get_server_info($0, OperationCallbacks.server, $1) }
        }
    }

    /// Every sink (playback device).
    ///
    /// ```swift
    /// let names = try await connection.sinks().map(\.name)
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_get_sink_info_list`.
    public func sinks() async throws(PulseError) -> [SoundDevice] {
        try await awaiting { done in
            request("pa_context_get_sink_info_list", done) { pa_context_get_sink_info_list($0, OperationCallbacks.sink, $1) }
        }
    }

    /// Every source (capture device), monitors included.
    ///
    /// ```swift
    /// let microphones = try await connection.sources().filter { !$0.isMonitor }
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_get_source_info_list`.
    public func sources() async throws(PulseError) -> [SoundDevice] {
        try await awaiting { done in
            request("pa_context_get_source_info_list", done) { pa_context_get_source_info_list($0, OperationCallbacks.source, $1) }
        }
    }

    /// Every sink input (playback stream).
    ///
    /// ```swift
    /// let music = try await connection.sinkInputs().filter { $0.role == "music" }
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_get_sink_input_info_list`.
    public func sinkInputs() async throws(PulseError) -> [SoundStream] {
        try await awaiting { done in
            request("pa_context_get_sink_input_info_list", done) {
                pa_context_get_sink_input_info_list($0, OperationCallbacks.sinkInput, $1)
            }
        }
    }

    /// One sink input by index; an unknown index throws ``PulseError/Code/noEntity``.
    ///
    /// ```swift
    /// let stream = try await connection.sinkInput(42)
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_get_sink_input_info`.
    public func sinkInput(_ index: UInt32) async throws(PulseError) -> SoundStream {
        let streams: [SoundStream] = try await awaiting { done in
            request("pa_context_get_sink_input_info", done) {
                pa_context_get_sink_input_info($0, index, OperationCallbacks.sinkInput, $1)
            }
        }
        guard let stream = streams.first else {
            throw PulseError(code: .noEntity, operation: "pa_context_get_sink_input_info", message: "No such entity")
        }
        return stream
    }

    /// Every source output (capture stream).
    ///
    /// ```swift
    /// let recorders = try await connection.sourceOutputs()
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_get_source_output_info_list`.
    public func sourceOutputs() async throws(PulseError) -> [SoundStream] {
        try await awaiting { done in
            request("pa_context_get_source_output_info_list", done) {
                pa_context_get_source_output_info_list($0, OperationCallbacks.sourceOutput, $1)
            }
        }
    }

    /// Every client connection.
    ///
    /// ```swift
    /// let pids = try await connection.clients().compactMap(\.processID)
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_get_client_info_list`.
    public func clients() async throws(PulseError) -> [SoundClient] {
        try await awaiting { done in
            request("pa_context_get_client_info_list", done) { pa_context_get_client_info_list($0, OperationCallbacks.client, $1) }
        }
    }

    /// Every loaded module.
    ///
    /// ```swift
    /// let corking = try await connection.modules().contains { $0.name == "module-role-cork" }
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_get_module_info_list`.
    public func modules() async throws(PulseError) -> [SoundModule] {
        try await awaiting { done in
            request("pa_context_get_module_info_list", done) { pa_context_get_module_info_list($0, OperationCallbacks.module, $1) }
        }
    }
}
