internal import CPulse
public import SoundServer

extension PulseConnection {
    /// Runs `body` holding the connection's loop lock: the lock a ``PulseGraphMirror`` handler and
    /// a ``PulseLoopTimer`` action already hold. On the loop thread it runs `body` directly.
    ///
    /// Code that shares state with the loop thread's reactions takes this lock first, so both
    /// sides always take their locks in the same order (the agent's coordinator does).
    ///
    /// ```swift
    /// let streams = connection.withLoopLocked { mirror.graph.sinkInputs.count }
    /// ```
    ///
    /// The corresponding PulseAudio calls are `pa_threaded_mainloop_lock` and `pa_threaded_mainloop_unlock`.
    public func withLoopLocked<Result>(_ body: () -> Result) -> Result {
        core.withLoopLocked { _ in body() }
    }

    /// Reads one stream as the server holds it now, without waiting: `completion` runs on the loop
    /// thread with the stream, or `nil` when it has gone. Usable from a mirror's handler or a
    /// timer's action; this is the "read" of a read-compare-write.
    ///
    /// ```swift
    /// connection.readStream(.playback, index: 42) { result in
    ///     if case .success(let stream?) = result { print(stream.volume) }
    /// }
    /// ```
    ///
    /// The corresponding PulseAudio calls are `pa_context_get_sink_input_info` and
    /// `pa_context_get_source_output_info`.
    public func readStream(
        _ kind: SoundStream.Kind, index: UInt32, completion: @escaping @Sendable (Result<SoundStream?, PulseError>) -> Void
    ) {
        let done: (Result<[SoundStream], PulseError>) -> Void = { result in
            switch result {
            case .success(let streams): completion(.success(streams.first))
            case .failure(let error) where error.code == .noEntity: completion(.success(nil))
            case .failure(let error): completion(.failure(error))
            }
        }
        switch kind {
        case .playback:
            request("pa_context_get_sink_input_info", done) {
                pa_context_get_sink_input_info($0, index, OperationCallbacks.sinkInput, $1)
            }
        case .capture:
            request("pa_context_get_source_output_info", done) {
                pa_context_get_source_output_info($0, index, OperationCallbacks.sourceOutput, $1)
            }
        }
    }
}
