internal import CPipeWire
internal import CPipeWireShim
internal import Glibc

/// The one wrapper around libpipewire and the shim: every C call of this module is made here.
///
/// Calls that report failure as a negative errno go through ``check(_:_:)``, calls that report it
/// as NULL plus `errno` through ``pointer(_:_:)``; both turn the failure into a ``PipeWireError``
/// that names the C function. Callers hold the thread-loop lock for everything that touches a
/// context, core or proxy (see ``ThreadLoop/withLock(_:)``).
enum LibPipeWire {
    // MARK: Result mapping

    /// Runs `call`, which returns a negative errno on failure, and returns its non-negative result.
    @discardableResult
    static func check(_ operation: String, _ call: () -> Int32) throws(PipeWireError) -> Int32 {
        let result = call()
        guard result >= 0 else { throw callFailed(operation, errno: -result) }
        return result
    }

    /// Runs `call`, which returns NULL and sets `errno` on failure, and returns the pointer.
    static func pointer<Pointer>(_ operation: String, _ call: () -> Pointer?) throws(PipeWireError) -> Pointer {
        Glibc.errno = 0
        let result = call()
        let number = Glibc.errno
        guard let result else { throw callFailed(operation, errno: number == 0 ? EIO : number) }
        return result
    }

    static func callFailed(_ operation: String, errno number: Int32) -> PipeWireError {
        PipeWireError(code: .callFailed, operation: operation, errno: number, message: errorText(number))
    }

    /// The C library's text for an errno value.
    static func errorText(_ number: Int32) -> String {
        guard let text = strerror(number) else { return "error \(number)" }
        return String(cString: text)
    }

    // MARK: Library

    /// `pw_init`, keeping stderr unbuffered; callers make sure it runs once per process
    /// (``PipeWireLibrary``).
    static func initialize() { CPipeWireShim_init() }

    // MARK: Thread loop

    static func threadLoopNew(name: String) throws(PipeWireError) -> OpaquePointer {
        try pointer("pw_thread_loop_new") { pw_thread_loop_new(name, nil) }
    }

    static func threadLoopStart(_ loop: OpaquePointer) throws(PipeWireError) {
        try check("pw_thread_loop_start") { pw_thread_loop_start(loop) }
    }

    static func threadLoopStop(_ loop: OpaquePointer) { pw_thread_loop_stop(loop) }
    static func threadLoopDestroy(_ loop: OpaquePointer) { pw_thread_loop_destroy(loop) }
    static func threadLoopLock(_ loop: OpaquePointer) { pw_thread_loop_lock(loop) }
    static func threadLoopUnlock(_ loop: OpaquePointer) { pw_thread_loop_unlock(loop) }
    static func threadLoopInThread(_ loop: OpaquePointer) -> Bool { pw_thread_loop_in_thread(loop) }

    // MARK: Context and core

    /// A context on `loop`'s pw_loop whose clients carry `properties` (application.name, ...).
    static func contextNew(loop: OpaquePointer, properties: [String: String]) throws(PipeWireError) -> OpaquePointer {
        let pwLoop = pw_thread_loop_get_loop(loop)
        let props = try propertiesNew(properties)
        // pw_context_new takes ownership of props, also when it fails.
        return try pointer("pw_context_new") { pw_context_new(pwLoop, props, 0) }
    }

    static func contextDestroy(_ context: OpaquePointer) { pw_context_destroy(context) }

    /// Connects to `remote` (a socket name in the runtime dir or an absolute path), or to what
    /// PIPEWIRE_REMOTE / the default runtime dir name when nil.
    static func contextConnect(_ context: OpaquePointer, remote: String?) throws(PipeWireError) -> OpaquePointer {
        var properties: [String: String] = [:]
        if let remote { properties[PW_KEY_REMOTE_NAME] = remote }
        let props = try propertiesNew(properties)
        return try pointer("pw_context_connect") { pw_context_connect(context, props, 0) }
    }

    static func coreDisconnect(_ core: OpaquePointer) { _ = pw_core_disconnect(core) }

    static func coreAddListener(
        _ core: OpaquePointer, hook: UnsafeMutablePointer<spa_hook>, events: UnsafePointer<pw_core_events>,
        data: UnsafeMutableRawPointer
    ) throws(PipeWireError) {
        try check("pw_core_add_listener") { CPipeWireShim_core_add_listener(core, hook, events, data) }
    }

    /// Asks the server for a `done` event with the returned sequence number once it has processed
    /// everything sent before.
    static func coreSync(_ core: OpaquePointer) throws(PipeWireError) -> Int32 {
        try check("pw_core_sync") { CPipeWireShim_core_sync(core, UInt32(PW_ID_CORE), 0) }
    }

    static func coreGetRegistry(_ core: OpaquePointer) throws(PipeWireError) -> OpaquePointer {
        try pointer("pw_core_get_registry") { pw_core_get_registry(core, UInt32(PW_VERSION_REGISTRY), 0) }
    }

    // MARK: Registry and proxies

    static func registryAddListener(
        _ registry: OpaquePointer, hook: UnsafeMutablePointer<spa_hook>, events: UnsafePointer<pw_registry_events>,
        data: UnsafeMutableRawPointer
    ) throws(PipeWireError) {
        try check("pw_registry_add_listener") { CPipeWireShim_registry_add_listener(registry, hook, events, data) }
    }

    /// A proxy bound to global `id` of interface `type` at `version`.
    static func registryBind(
        _ registry: OpaquePointer, id: UInt32, type: String, version: UInt32
    ) throws(PipeWireError) -> OpaquePointer {
        let raw = try pointer("pw_registry_bind") { pw_registry_bind(registry, id, type, version, 0) }
        return OpaquePointer(raw)
    }

    /// The proxy's client-side id (not the global id): core errors about the proxy carry it.
    static func proxyID(_ proxy: OpaquePointer) -> UInt32 { pw_proxy_get_id(proxy) }

    static func proxyDestroy(_ proxy: OpaquePointer) { pw_proxy_destroy(proxy) }

    static func hookRemove(_ hook: UnsafeMutablePointer<spa_hook>) { spa_hook_remove(hook) }

    // MARK: Nodes

    static func nodeAddListener(
        _ node: OpaquePointer, hook: UnsafeMutablePointer<spa_hook>, events: UnsafePointer<pw_node_events>,
        data: UnsafeMutableRawPointer
    ) throws(PipeWireError) {
        try check("pw_node_add_listener") { CPipeWireShim_node_add_listener(node, hook, events, data) }
    }

    /// Asks the node to send its `Props` now and again whenever they change.
    static func nodeSubscribeProps(_ node: OpaquePointer) throws(PipeWireError) {
        var ids: [UInt32] = [SPA_PARAM_Props.rawValue]
        try check("pw_node_subscribe_params") {
            CPipeWireShim_node_subscribe_params(node, &ids, UInt32(ids.count))
        }
    }

    static func nodeSetProps(_ node: OpaquePointer, _ props: PipeWireNodeProps) throws(PipeWireError) {
        var raw = CPipeWireShim_Props()
        if let volume = props.volume {
            raw.has_volume = true
            raw.volume = volume
        }
        if let mute = props.mute {
            raw.has_mute = true
            raw.mute = mute
        }
        if let volumes = props.channelVolumes {
            let capacity = MemoryLayout.size(ofValue: raw.channel_volumes) / MemoryLayout<Float>.stride
            guard volumes.count <= capacity else {
                throw PipeWireError(
                    code: .invalidArgument, operation: "pw_node_set_param", errno: EINVAL,
                    message: "\(volumes.count) channel volumes; PipeWire takes at most \(capacity)")
            }
            raw.has_channel_volumes = true
            raw.channel_count = UInt32(volumes.count)
            withUnsafeMutableBytes(of: &raw.channel_volumes) { bytes in
                let floats = bytes.bindMemory(to: Float.self)
                for (index, volume) in volumes.enumerated() { floats[index] = volume }
            }
        }
        try check("pw_node_set_param") { CPipeWireShim_node_set_props(node, &raw) }
    }

    /// The volume, mute and channel volumes a `Props` pod carries, or nil when it is no Props object.
    static func parseProps(_ pod: UnsafePointer<spa_pod>) -> PipeWireNodeProps? {
        var raw = CPipeWireShim_Props()
        guard CPipeWireShim_parse_props(pod, &raw) == 0 else { return nil }
        var props = PipeWireNodeProps()
        if raw.has_volume { props.volume = raw.volume }
        if raw.has_mute { props.mute = raw.mute }
        if raw.has_channel_volumes {
            let count = Int(raw.channel_count)
            props.channelVolumes = withUnsafeBytes(of: raw.channel_volumes) { bytes in
                Array(bytes.bindMemory(to: Float.self).prefix(count))
            }
        }
        return props
    }

    static func nodeSendCommand(_ node: OpaquePointer, _ command: PipeWireNodeCommand) throws(PipeWireError) {
        let id: spa_node_command =
            switch command {
            case .pause: SPA_NODE_COMMAND_Pause
            case .start: SPA_NODE_COMMAND_Start
            }
        try check("pw_node_send_command") { CPipeWireShim_node_send_command(node, id.rawValue) }
    }

    /// Whether an info event's param list (`params`, `count` entries) names `paramID` as
    /// readable: subscribing to a param an object lacks makes the server report an error.
    static func listsReadable(_ paramID: spa_param_type, in params: UnsafeMutablePointer<spa_param_info>?, count: UInt32) -> Bool {
        guard let params else { return false }
        return (0..<Int(count)).contains { index in
            params[index].id == paramID.rawValue && params[index].flags & UInt32(SPA_PARAM_INFO_READ) != 0
        }
    }

    // MARK: Ports

    static func portAddListener(
        _ port: OpaquePointer, hook: UnsafeMutablePointer<spa_hook>, events: UnsafePointer<pw_port_events>,
        data: UnsafeMutableRawPointer
    ) throws(PipeWireError) {
        try check("pw_port_add_listener") { CPipeWireShim_port_add_listener(port, hook, events, data) }
    }

    /// Asks the port to send its `Latency` params now and again whenever they change.
    static func portSubscribeLatency(_ port: OpaquePointer) throws(PipeWireError) {
        var ids: [UInt32] = [SPA_PARAM_Latency.rawValue]
        try check("pw_port_subscribe_params") {
            CPipeWireShim_port_subscribe_params(port, &ids, UInt32(ids.count))
        }
    }

    static func parseLatency(_ pod: UnsafePointer<spa_pod>) -> PipeWirePortLatency? {
        var raw = CPipeWireShim_Latency()
        guard CPipeWireShim_parse_latency(pod, &raw) == 0 else { return nil }
        return PipeWirePortLatency(
            direction: raw.direction == SPA_DIRECTION_OUTPUT.rawValue ? .output : .input,
            quanta: raw.min_quantum, frames: raw.min_rate, nanoseconds: raw.min_ns)
    }

    // MARK: Clients

    static func clientAddListener(
        _ client: OpaquePointer, hook: UnsafeMutablePointer<spa_hook>, events: UnsafePointer<pw_client_events>,
        data: UnsafeMutableRawPointer
    ) throws(PipeWireError) {
        try check("pw_client_add_listener") { CPipeWireShim_client_add_listener(client, hook, events, data) }
    }

    // MARK: Devices

    static func deviceAddListener(
        _ device: OpaquePointer, hook: UnsafeMutablePointer<spa_hook>, events: UnsafePointer<pw_device_events>,
        data: UnsafeMutableRawPointer
    ) throws(PipeWireError) {
        try check("pw_device_add_listener") { CPipeWireShim_device_add_listener(device, hook, events, data) }
    }

    /// Asks the device for every param `id`; returns the sequence number its answers carry
    /// (compare with ``asyncSequence(_:)`` of an event's `seq`).
    static func deviceEnumParams(_ device: OpaquePointer, id: UInt32) throws(PipeWireError) -> Int32 {
        try check("pw_device_enum_params") { CPipeWireShim_device_enum_params(device, id) }
    }

    /// The request sequence number inside a param event's `seq`.
    static func asyncSequence(_ sequence: Int32) -> Int32 { CPipeWireShim_async_seq(sequence) }

    /// The route a `ParamRoute` pod describes, or nil when it is none.
    static func parseRoute(_ pod: UnsafePointer<spa_pod>) -> PipeWireRoute? {
        var raw = CPipeWireShim_Route()
        guard CPipeWireShim_parse_route(pod, &raw) == 0, let name = SpaDict.string(raw.name) else { return nil }
        // Fixed C arrays import as tuples: read their bytes, as far as the count says.
        let devices = withUnsafeBytes(of: raw.devices) { Array($0.bindMemory(to: Int32.self).prefix(Int(raw.n_devices))) }
        let profiles = withUnsafeBytes(of: raw.profiles) { Array($0.bindMemory(to: Int32.self).prefix(Int(raw.n_profiles))) }
        return PipeWireRoute(
            index: raw.index, direction: raw.direction == SPA_DIRECTION_INPUT.rawValue ? .input : .output, name: name,
            description: SpaDict.string(raw.description) ?? name, priority: raw.priority,
            availability: availability(raw.available), portType: SpaDict.string(raw.port_type),
            device: raw.has_device ? raw.device : nil, devices: devices, profiles: profiles)
    }

    /// The profile a `ParamProfile` pod describes, or nil when it is none.
    static func parseProfile(_ pod: UnsafePointer<spa_pod>) -> PipeWireProfile? {
        var raw = CPipeWireShim_Profile()
        guard CPipeWireShim_parse_profile(pod, &raw) == 0, let name = SpaDict.string(raw.name) else { return nil }
        return PipeWireProfile(
            index: raw.index, name: name, description: SpaDict.string(raw.description) ?? name, priority: raw.priority,
            availability: availability(raw.available))
    }

    private static func availability(_ raw: UInt32) -> PipeWireAvailability {
        switch raw {
        case SPA_PARAM_AVAILABILITY_yes.rawValue: .yes
        case SPA_PARAM_AVAILABILITY_no.rawValue: .no
        default: .unknown
        }
    }

    // MARK: Metadata

    static func metadataAddListener(
        _ metadata: OpaquePointer, hook: UnsafeMutablePointer<spa_hook>, events: UnsafePointer<pw_metadata_events>,
        data: UnsafeMutableRawPointer
    ) throws(PipeWireError) {
        try check("pw_metadata_add_listener") { CPipeWireShim_metadata_add_listener(metadata, hook, events, data) }
    }

    /// Sets `key` of `subject` to `value` (of `type`), or removes it when `value` is nil.
    static func metadataSetProperty(
        _ metadata: OpaquePointer, subject: UInt32, key: String, type: String?, value: String?
    ) throws(PipeWireError) {
        try check("pw_metadata_set_property") {
            withOptionalCString(type) { type in
                withOptionalCString(value) { value in
                    CPipeWireShim_metadata_set_property(metadata, subject, key, type, value)
                }
            }
        }
    }

    // MARK: JSON

    /// The string member `key` of the JSON object `json`, read with SPA's JSON parser.
    static func jsonObjectString(_ json: String, key: String) -> String? {
        var buffer = [CChar](repeating: 0, count: json.utf8.count + 1)
        let length = CPipeWireShim_json_object_string(json, key, &buffer, buffer.count)
        guard length >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: Loop timers

    static func threadLoopGetLoop(_ loop: OpaquePointer) -> UnsafeMutablePointer<pw_loop>? { pw_thread_loop_get_loop(loop) }

    static func loopAddTimer(
        _ loop: UnsafeMutablePointer<pw_loop>, data: UnsafeMutableRawPointer,
        _ fired: @convention(c) (UnsafeMutableRawPointer?, UInt64) -> Void
    ) throws(PipeWireError) -> UnsafeMutablePointer<spa_source> {
        try pointer("pw_loop_add_timer") { CPipeWireShim_loop_add_timer(loop, fired, data) }
    }

    static func loopUpdateTimer(
        _ loop: UnsafeMutablePointer<pw_loop>, _ source: UnsafeMutablePointer<spa_source>, nanoseconds: UInt64
    ) throws(PipeWireError) {
        _ = try check("pw_loop_update_timer") { CPipeWireShim_loop_update_timer(loop, source, nanoseconds) }
    }

    static func loopDestroySource(_ loop: UnsafeMutablePointer<pw_loop>, _ source: UnsafeMutablePointer<spa_source>) {
        CPipeWireShim_loop_destroy_source(loop, source)
    }

    // MARK: Helpers

    /// A pw_properties holding `properties`; libpipewire frees it when the call taking it is done.
    private static func propertiesNew(_ properties: [String: String]) throws(PipeWireError) -> UnsafeMutablePointer<pw_properties> {
        let props = try pointer("pw_properties_new") { CPipeWireShim_properties_new_empty() }
        for (key, value) in properties {
            _ = pw_properties_set(props, key, value)
        }
        return props
    }

    private static func withOptionalCString<Result>(
        _ string: String?, _ body: (UnsafePointer<CChar>?) -> Result
    ) -> Result {
        guard let string else { return body(nil) }
        return string.withCString { body($0) }
    }
}
