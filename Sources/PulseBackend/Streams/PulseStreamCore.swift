internal import CPulse

/// The one owner of a `pa_stream`, shared by ``PulsePlaybackStream`` and ``PulseCaptureStream``.
///
/// The stream pointer and every field are touched only with the connection's loop lock held (on
/// the loop thread in callbacks, or inside `withLoopLocked`), which is why the class may be
/// `@unchecked Sendable`. The C callbacks get the unretained core as userdata; ``close()`` clears
/// them before the pointer is dropped, and the public stream closes the core in its `deinit`.
final class PulseStreamCore: @unchecked Sendable {
    enum Direction { case playback, capture }

    let connection: PulseConnection
    let direction: Direction
    let spec: PulseSampleSpec
    let events: PulseStreamEvents
    let captured: PulseCaptureBuffers
    private let eventContinuation: AsyncStream<PulseStreamEvent>.Continuation
    private let captureContinuation: AsyncStream<[UInt8]>.Continuation
    private var stream: OpaquePointer?
    private var readyWaiter: ((Result<Void, PulseError>) -> Void)?
    private var source: (any PulsePlaybackSource)?
    private var sourceEnded = false
    private var deviceIndex: UInt32?
    /// The name of ``deviceIndex``'s device, kept to tell the next move where the stream came from.
    private var lastDeviceName: String?
    private var waiting: [UInt64: (Result<Void, PulseError>) -> Void] = [:]
    private var nextWaiting: UInt64 = 0

    /// Creates the unconnected stream with `properties` on `connection`.
    init(
        connection: PulseConnection, direction: Direction, name: String, properties: [String: String],
        spec: PulseSampleSpec, source: (any PulsePlaybackSource)?
    ) throws(PulseError) {
        self.connection = connection
        self.direction = direction
        self.spec = spec
        self.source = source
        (events, eventContinuation) = Self.makeEvents()
        let capturePair = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .unbounded)
        captured = PulseCaptureBuffers(base: capturePair.stream)
        captureContinuation = capturePair.continuation
        var cSpec = try spec.pulse(for: "pa_stream_new_with_proplist")
        var map = spec.pulseChannelMap
        try connection.core.withLoopLocked { (loop) throws(PulseError) in
            guard let context = loop.context else {
                throw PulseError(code: .connectionTerminated, operation: "pa_stream_new_with_proplist", message: "the connection was closed")
            }
            guard let list = pa_proplist_new() else {
                throw PulseError(code: .internalError, operation: "pa_proplist_new", message: "out of memory")
            }
            defer { pa_proplist_free(list) }
            for (key, value) in properties { pa_proplist_sets(list, key, value) }
            guard let created = pa_stream_new_with_proplist(context, name, &cSpec, &map, list) else {
                throw PulseCore.error(of: context, in: "pa_stream_new_with_proplist")
            }
            stream = created
            let me = Unmanaged.passUnretained(self).toOpaque()
            pa_stream_set_state_callback(created, StreamCallbacks.state, me)
            pa_stream_set_started_callback(created, StreamCallbacks.started, me)
            pa_stream_set_moved_callback(created, StreamCallbacks.moved, me)
            pa_stream_set_suspended_callback(created, StreamCallbacks.suspended, me)
            pa_stream_set_event_callback(created, StreamCallbacks.event, me)
            switch direction {
            case .playback: pa_stream_set_write_callback(created, StreamCallbacks.write, me)
            case .capture: pa_stream_set_read_callback(created, StreamCallbacks.read, me)
            }
        }
    }

    private static func makeEvents() -> (PulseStreamEvents, AsyncStream<PulseStreamEvent>.Continuation) {
        let (stream, continuation) = AsyncStream<PulseStreamEvent>.makeStream(bufferingPolicy: .unbounded)
        return (PulseStreamEvents(base: stream), continuation)
    }

    deinit { close() }

    // MARK: Connecting

    /// Connects the stream to `device` (nil: the default) and returns once the server has made it.
    func connect(device: String?, latency: Duration?, startCorked: Bool) async throws(PulseError) {
        var flags = PA_STREAM_NOFLAGS.rawValue
        if latency != nil { flags |= PA_STREAM_ADJUST_LATENCY.rawValue }
        if startCorked { flags |= PA_STREAM_START_CORKED.rawValue }
        var attributes = bufferAttributes(latency: latency)
        let result: Result<Void, PulseError> = await withCheckedContinuation { continuation in
            connection.core.withLoopLocked { loop in
                guard let stream else {
                    continuation.resume(returning: .failure(Self.closedError("pa_stream_connect")))
                    return
                }
                readyWaiter = { continuation.resume(returning: $0) }
                let status: Int32 = withUnsafePointer(to: &attributes) { attributesPointer in
                    let attributes = latency == nil ? nil : attributesPointer
                    switch direction {
                    case .playback:
                        return pa_stream_connect_playback(stream, device, attributes, pa_stream_flags_t(rawValue: flags), nil, nil)
                    case .capture:
                        return pa_stream_connect_record(stream, device, attributes, pa_stream_flags_t(rawValue: flags))
                    }
                }
                if status < 0, let waiter = readyWaiter {
                    readyWaiter = nil
                    waiter(.failure(PulseCore.error(
                        of: loop.context, in: direction == .playback ? "pa_stream_connect_playback" : "pa_stream_connect_record")))
                }
            }
        }
        try result.get()
    }

    /// The buffer the server keeps for `latency`: the target length (playback) or fragment size
    /// (capture) in bytes; the rest left to the server (`(uint32_t) -1`).
    private func bufferAttributes(latency: Duration?) -> pa_buffer_attr {
        let unset = UInt32.max
        var attributes = pa_buffer_attr(maxlength: unset, tlength: unset, prebuf: unset, minreq: unset, fragsize: unset)
        guard let latency else { return attributes }
        let seconds = Double(latency.components.seconds) + Double(latency.components.attoseconds) / 1e18
        let bytes = UInt32(clamping: Int((seconds * Double(spec.rate)).rounded()) * spec.frameSize)
        switch direction {
        case .playback: attributes.tlength = max(bytes, UInt32(spec.frameSize))
        case .capture: attributes.fragsize = max(bytes, UInt32(spec.frameSize))
        }
        return attributes
    }

    // MARK: Asking the server

    /// Runs one `pa_stream_*` operation answered by a success callback and waits for it.
    func perform(_ name: StaticString, _ call: @escaping (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?) async throws(PulseError) {
        try await connection.awaiting { (done: @escaping @Sendable (Result<Void, PulseError>) -> Void) in
            connection.core.withLoopLocked { loop in
                guard let stream else {
                    done(.failure(Self.closedError("\(name)")))
                    return
                }
                loop.start(name, ValueOperation<Void>(track(done))) { _, userdata in call(stream, userdata) }
            }
        }
    }

    /// Keeps `done` until its operation answers. libpulse cancels a disconnected stream's
    /// operations without calling them back, so ``close()`` fails what is still waiting.
    private func track(_ done: @escaping (Result<Void, PulseError>) -> Void) -> (Result<Void, PulseError>) -> Void {
        nextWaiting += 1
        let token = nextWaiting
        waiting[token] = done
        return { [weak self] result in
            guard let done = self?.waiting.removeValue(forKey: token) else { return }
            done(result)
        }
    }

    /// Corks (pauses) or uncorks the stream; the server keeps what it buffered.
    func setCorked(_ corked: Bool) async throws(PulseError) {
        try await perform("pa_stream_cork") { pa_stream_cork($0, corked ? 1 : 0, StreamCallbacks.success, $1) }
    }

    /// Waits until the server has played everything written.
    func drain() async throws(PulseError) {
        try await perform("pa_stream_drain") { pa_stream_drain($0, StreamCallbacks.success, $1) }
        eventContinuation.yield(.drained)
    }

    /// Whether the stream is corked now.
    var isCorked: Bool { connection.core.withLoopLocked { _ in stream.map { pa_stream_is_corked($0) == 1 } ?? false } }

    /// The stream's index on the server (the sink input or source output), once connected.
    var index: UInt32? {
        connection.core.withLoopLocked { _ in stream.flatMap { PulseValues.index(pa_stream_get_index($0)) } }
    }

    /// The device the stream plays on or records from, once connected.
    var deviceName: String? {
        connection.core.withLoopLocked { _ in stream.flatMap { PulseValues.string(pa_stream_get_device_name($0)) } }
    }

    // MARK: Closing

    /// Disconnects and frees the stream; the sequences end. Safe to call more than once.
    func close() {
        connection.core.withLoopLocked { _ in
            guard let stream else { return }
            pa_stream_set_state_callback(stream, nil, nil)
            pa_stream_set_started_callback(stream, nil, nil)
            pa_stream_set_moved_callback(stream, nil, nil)
            pa_stream_set_suspended_callback(stream, nil, nil)
            pa_stream_set_event_callback(stream, nil, nil)
            pa_stream_set_write_callback(stream, nil, nil)
            pa_stream_set_read_callback(stream, nil, nil)
            let state = pa_stream_get_state(stream)
            if state == PA_STREAM_READY || state == PA_STREAM_CREATING { pa_stream_disconnect(stream) }
            pa_stream_unref(stream)
            self.stream = nil
            source = nil
            if let waiter = readyWaiter {
                readyWaiter = nil
                waiter(.failure(Self.closedError("pa_stream_connect")))
            }
            let abandoned = waiting.values
            waiting = [:]
            for waiter in abandoned { waiter(.failure(Self.closedError("pa_stream"))) }
        }
        eventContinuation.finish()
        captureContinuation.finish()
    }

    private static func closedError(_ operation: String) -> PulseError {
        PulseError(code: .connectionTerminated, operation: operation, message: "the stream was closed")
    }

    // MARK: Callback entry points (loop thread, lock held; called only by StreamCallbacks)

    func stateChanged() {
        guard let stream else { return }
        switch pa_stream_get_state(stream) {
        case PA_STREAM_READY:
            deviceIndex = PulseValues.index(pa_stream_get_device_index(stream))
            lastDeviceName = PulseValues.string(pa_stream_get_device_name(stream))
            let waiter = readyWaiter
            readyWaiter = nil
            waiter?(.success(()))
        case PA_STREAM_FAILED:
            let error = PulseCore.error(of: pa_stream_get_context(stream), in: "pa_stream")
            if let waiter = readyWaiter {
                readyWaiter = nil
                waiter(.failure(error))
            } else {
                eventContinuation.yield(.failed(error))
            }
            eventContinuation.finish()
            captureContinuation.finish()
        case PA_STREAM_TERMINATED:
            eventContinuation.finish()
            captureContinuation.finish()
        default:
            break
        }
    }

    func started() { eventContinuation.yield(.started) }

    func suspended() {
        guard let stream else { return }
        eventContinuation.yield(.suspended(pa_stream_is_suspended(stream) == 1))
    }

    func serverEvent(_ name: String) {
        switch name {
        case "request-cork": eventContinuation.yield(.corkRequested)
        case "request-uncork": eventContinuation.yield(.uncorkRequested)
        default: break
        }
    }

    /// Reports a move once it is known whether the previous device still exists: a move away
    /// from a vanished device is how PulseAudio tells a client its device went away.
    func moved() {
        guard let stream, let newIndex = PulseValues.index(pa_stream_get_device_index(stream)) else { return }
        let name = PulseValues.string(pa_stream_get_device_name(stream)) ?? ""
        let previous = deviceIndex
        let previousName = lastDeviceName
        deviceIndex = newIndex
        lastDeviceName = name
        guard let previous, previous != newIndex else {
            eventContinuation.yield(.moved(PulseStreamMove(
                deviceIndex: newIndex, deviceName: name, previousDeviceIndex: previous, previousDeviceName: previousName,
                previousDeviceRemoved: false)))
            return
        }
        let continuation = eventContinuation
        let report: (Result<[DeviceProbe], PulseError>) -> Void = { result in
            let removed: Bool
            switch result {
            case .success(let devices): removed = devices.isEmpty
            case .failure(let error): removed = error.code == .noEntity
            }
            continuation.yield(.moved(PulseStreamMove(
                deviceIndex: newIndex, deviceName: name, previousDeviceIndex: previous, previousDeviceName: previousName,
                previousDeviceRemoved: removed)))
        }
        connection.core.withLoopLocked { loop in
            switch direction {
            case .playback:
                loop.start("pa_context_get_sink_info_by_index", ListOperation<DeviceProbe>(report)) {
                    pa_context_get_sink_info_by_index($0, previous, StreamCallbacks.sinkProbe, $1)
                }
            case .capture:
                loop.start("pa_context_get_source_info_by_index", ListOperation<DeviceProbe>(report)) {
                    pa_context_get_source_info_by_index($0, previous, StreamCallbacks.sourceProbe, $1)
                }
            }
        }
    }

    /// Fills what the server asks for from the source; at the source's end, drains once.
    func writeRequested(_ requested: Int) {
        guard let stream, let source, !sourceEnded else { return }
        var remaining = requested
        while remaining >= spec.frameSize {
            var data: UnsafeMutableRawPointer?
            var size = remaining
            guard pa_stream_begin_write(stream, &data, &size) >= 0, let data else {
                eventContinuation.yield(.error(PulseCore.error(of: pa_stream_get_context(stream), in: "pa_stream_begin_write")))
                return
            }
            let usable = min(size, remaining) - min(size, remaining) % spec.frameSize
            let written = usable > 0 ? source.read(into: UnsafeMutableRawBufferPointer(start: data, count: usable)) : 0
            guard written > 0 else {
                pa_stream_cancel_write(stream)
                sourceEnded = true
                startDrainAtEnd()
                return
            }
            if pa_stream_write(stream, data, written, nil, 0, PA_SEEK_RELATIVE) < 0 {
                eventContinuation.yield(.error(PulseCore.error(of: pa_stream_get_context(stream), in: "pa_stream_write")))
                return
            }
            remaining -= written
        }
    }

    private func startDrainAtEnd() {
        guard let stream else { return }
        let continuation = eventContinuation
        let done: (Result<Void, PulseError>) -> Void = { result in
            switch result {
            case .success: continuation.yield(.drained)
            case .failure(let error): continuation.yield(.error(error))
            }
        }
        connection.core.withLoopLocked { loop in
            loop.start("pa_stream_drain", ValueOperation<Void>(track(done))) { _, userdata in
                pa_stream_drain(stream, StreamCallbacks.success, userdata)
            }
        }
    }

    /// Moves what the server recorded into the capture sequence; holes become silence.
    func readable() {
        guard let stream else { return }
        while true {
            var data: UnsafeRawPointer?
            var size = 0
            guard pa_stream_peek(stream, &data, &size) >= 0 else {
                eventContinuation.yield(.error(PulseCore.error(of: pa_stream_get_context(stream), in: "pa_stream_peek")))
                return
            }
            guard size > 0 else { return }
            if let data {
                captureContinuation.yield(Array(UnsafeRawBufferPointer(start: data, count: size)))
            } else {
                captureContinuation.yield([UInt8](repeating: 0, count: size))
            }
            pa_stream_drop(stream)
        }
    }
}
