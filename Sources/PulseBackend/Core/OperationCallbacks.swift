internal import CPulse
import SoundServer

/// The C callbacks of server requests. Each converts the C struct to a Swift value while it is
/// valid (only during the callback) and hands it to its ``PendingOperation``.
enum OperationCallbacks {
    static let sink: pa_sink_info_cb_t = { context, info, eol, userdata in
        ListOperation<SoundDevice>.receive(context, eol, userdata) { info.map { SoundDevice(sink: $0.pointee) } }
    }

    static let source: pa_source_info_cb_t = { context, info, eol, userdata in
        ListOperation<SoundDevice>.receive(context, eol, userdata) { info.map { SoundDevice(source: $0.pointee) } }
    }

    static let sinkInput: pa_sink_input_info_cb_t = { context, info, eol, userdata in
        ListOperation<SoundStream>.receive(context, eol, userdata) { info.map { SoundStream(sinkInput: $0.pointee) } }
    }

    static let sourceOutput: pa_source_output_info_cb_t = { context, info, eol, userdata in
        ListOperation<SoundStream>.receive(context, eol, userdata) { info.map { SoundStream(sourceOutput: $0.pointee) } }
    }

    static let client: pa_client_info_cb_t = { context, info, eol, userdata in
        ListOperation<SoundClient>.receive(context, eol, userdata) { info.map { SoundClient(pulse: $0.pointee) } }
    }

    static let module: pa_module_info_cb_t = { context, info, eol, userdata in
        ListOperation<SoundModule>.receive(context, eol, userdata) { info.map { SoundModule(pulse: $0.pointee) } }
    }

    static let streamRestoreEntry: pa_ext_stream_restore_read_cb_t = { context, info, eol, userdata in
        ListOperation<StreamRestoreEntry>.receive(context, eol, userdata) { info.map { StreamRestoreEntry(pulse: $0.pointee) } }
    }

    static let server: pa_server_info_cb_t = { context, info, userdata in
        ValueOperation<ServerInfo>.receive(context, userdata, info.map { ServerInfo(pulse: $0.pointee) })
    }

    static let success: pa_context_success_cb_t = { context, success, userdata in
        ValueOperation<Void>.receive(context, userdata, success != 0 ? () : nil)
    }

    static let index: pa_context_index_cb_t = { context, index, userdata in
        ValueOperation<UInt32>.receive(context, userdata, index == UInt32.max ? nil : index)
    }
}
