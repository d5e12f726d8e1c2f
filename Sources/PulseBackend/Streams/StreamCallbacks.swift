internal import CPulse

/// The C callbacks of streams; userdata is the unretained ``PulseStreamCore`` (cleared before it goes).
enum StreamCallbacks {
    private static func core(_ userdata: UnsafeMutableRawPointer?) -> PulseStreamCore? {
        userdata.map { Unmanaged<PulseStreamCore>.fromOpaque($0).takeUnretainedValue() }
    }

    static let state: pa_stream_notify_cb_t = { _, userdata in core(userdata)?.stateChanged() }
    static let started: pa_stream_notify_cb_t = { _, userdata in core(userdata)?.started() }
    static let moved: pa_stream_notify_cb_t = { _, userdata in core(userdata)?.moved() }
    static let suspended: pa_stream_notify_cb_t = { _, userdata in core(userdata)?.suspended() }
    static let event: pa_stream_event_cb_t = { _, name, _, userdata in
        guard let name else { return }
        core(userdata)?.serverEvent(String(cString: name))
    }
    static let write: pa_stream_request_cb_t = { _, bytes, userdata in core(userdata)?.writeRequested(bytes) }
    static let read: pa_stream_request_cb_t = { _, _, userdata in core(userdata)?.readable() }

    /// The answer of a stream operation (`pa_stream_cork`, `pa_stream_drain`).
    static let success: pa_stream_success_cb_t = { stream, success, userdata in
        ValueOperation<Void>.receive(stream.flatMap { pa_stream_get_context($0) }, userdata, success != 0 ? () : nil)
    }

    static let sinkProbe: pa_sink_info_cb_t = { context, info, eol, userdata in
        ListOperation<DeviceProbe>.receive(context, eol, userdata) { info.map { _ in DeviceProbe() } }
    }

    static let sourceProbe: pa_source_info_cb_t = { context, info, eol, userdata in
        ListOperation<DeviceProbe>.receive(context, eol, userdata) { info.map { _ in DeviceProbe() } }
    }
}
