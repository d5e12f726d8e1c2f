internal import CPipeWire
internal import Glibc
internal import Logging

/// Everything one connection owns on its thread loop: the libpipewire context, core and registry,
/// the bound proxies and the mirror built from their events.
///
/// Confined to the loop: its mutable state is touched only by libpipewire callbacks (on the loop
/// thread, lock held) and inside ``ThreadLoop/withLock(_:)``. That is what makes the
/// `@unchecked Sendable` below sound.
final class ConnectionState: @unchecked Sendable {
    let loop: ThreadLoop
    let hub = EventHub()
    let logger: Logger

    private var context: OpaquePointer?
    private(set) var core: OpaquePointer?
    private var registry: OpaquePointer?
    private var coreListener: Listener<pw_core_events>?
    private var registryListener: Listener<pw_registry_events>?

    /// The mirror: every global the registry announced and not yet removed.
    private(set) var globals: [UInt32: PipeWireGlobal] = [:]
    private(set) var nodes: [UInt32: BoundNode] = [:]
    private(set) var devices: [UInt32: BoundDevice] = [:]
    private(set) var clients: [UInt32: BoundClient] = [:]
    private(set) var ports: [UInt32: BoundPort] = [:]
    private(set) var metadata: [UInt32: BoundMetadata] = [:]

    /// Round trips in flight by sequence number, each with the server errors seen meanwhile.
    private var pendingSyncs: [Int32: PendingSync] = [:]
    /// The core's name, version and cookie, once its info arrived.
    private(set) var serverInfo: PipeWireServerInfo?
    /// Why the connection no longer works (disconnected or closed); nil while it does.
    private(set) var failure: PipeWireError?

    struct PendingSync {
        var continuation: CheckedContinuation<Result<Void, PipeWireError>, Never>
        var errors: [PipeWireError] = []
    }

    init(loop: ThreadLoop, logger: Logger) {
        self.loop = loop
        self.logger = logger
    }

    // MARK: Setting up and tearing down

    /// Creates the context, connects the core and starts listening to the registry; call with the
    /// loop locked.
    func connect(remote: String?, properties: [String: String]) throws(PipeWireError) {
        let context = try LibPipeWire.contextNew(loop: loop.pointer, properties: properties)
        self.context = context
        let core: OpaquePointer
        do {
            core = try LibPipeWire.contextConnect(context, remote: remote)
        } catch {
            let place = remote ?? "the default remote (PIPEWIRE_REMOTE, or pipewire-0 in PIPEWIRE_RUNTIME_DIR or XDG_RUNTIME_DIR)"
            throw PipeWireError(
                code: .connectionFailed, operation: "connect to PipeWire at \(place)", errno: error.errno,
                message: "\(error.message); is a PipeWire server running there?")
        }
        self.core = core
        let data = Unmanaged.passUnretained(self).toOpaque()

        let coreListener = Listener(Self.coreEvents())
        self.coreListener = coreListener
        try LibPipeWire.coreAddListener(core, hook: coreListener.hook, events: coreListener.events, data: data)
        coreListener.markAttached()

        let registry = try LibPipeWire.coreGetRegistry(core)
        self.registry = registry
        let registryListener = Listener(Self.registryEvents())
        self.registryListener = registryListener
        try LibPipeWire.registryAddListener(
            registry, hook: registryListener.hook, events: registryListener.events, data: data)
        registryListener.markAttached()
    }

    /// Marks the connection closed and fails waiting round trips; call with the loop locked.
    func markClosed() {
        fail(PipeWireError(code: .closed, operation: "PipeWire connection", message: "the connection was closed"))
    }

    /// Destroys every libpipewire object; call with the loop locked and its thread stopped.
    func tearDown() {
        for node in nodes.values { node.unbind() }
        for device in devices.values { device.unbind() }
        devices = [:]
        for client in clients.values { client.unbind() }
        clients = [:]
        for port in ports.values { port.unbind() }
        ports = [:]
        for metadata in metadata.values { metadata.unbind() }
        nodes = [:]
        metadata = [:]
        globals = [:]
        registryListener?.remove()
        if let registry { LibPipeWire.proxyDestroy(registry) }
        registry = nil
        coreListener?.remove()
        if let core { LibPipeWire.coreDisconnect(core) }
        core = nil
        if let context { LibPipeWire.contextDestroy(context) }
        context = nil
        hub.finish()
    }

    // MARK: Round trips

    /// Starts a round trip that resumes `continuation` when the server has processed everything
    /// sent before; call with the loop locked.
    /// Sends a round trip that resumes `continuation` when it is done; returns its sequence number
    /// while it is in flight, nil when it already failed.
    @discardableResult
    func startSync(_ continuation: CheckedContinuation<Result<Void, PipeWireError>, Never>) -> Int32? {
        if let failure {
            continuation.resume(returning: .failure(failure))
            return nil
        }
        guard let core else {
            continuation.resume(returning: .failure(closedError))
            return nil
        }
        do {
            let sequence = try LibPipeWire.coreSync(core)
            pendingSyncs[sequence] = PendingSync(continuation: continuation)
            return sequence
        } catch {
            continuation.resume(returning: .failure(error))
            return nil
        }
    }

    /// Gives up waiting for round trip `sequence` (its deadline passed): its waiter gets `error`
    /// now, and a late `done` finds nothing to resume.
    func abandonSync(_ sequence: Int32, with error: PipeWireError) {
        pendingSyncs.removeValue(forKey: sequence)?.continuation.resume(returning: .failure(error))
    }

    private var closedError: PipeWireError {
        failure ?? PipeWireError(code: .closed, operation: "PipeWire connection", message: "the connection was closed")
    }

    /// Fails every round trip in flight and ends the event sequences.
    private func fail(_ error: PipeWireError) {
        guard failure == nil else { return }
        failure = error
        let pending = pendingSyncs.values
        pendingSyncs = [:]
        for sync in pending { sync.continuation.resume(returning: .failure(error)) }
    }

    // MARK: Core events

    func coreInfo(_ info: PipeWireServerInfo) {
        serverInfo = info
    }

    func coreDone(id: UInt32, sequence: Int32) {
        guard id == UInt32(PW_ID_CORE), let sync = pendingSyncs.removeValue(forKey: sequence) else { return }
        if let error = sync.errors.first {
            sync.continuation.resume(returning: .failure(error))
        } else {
            sync.continuation.resume(returning: .success(()))
        }
    }

    func coreError(id: UInt32, sequence: Int32, result: Int32, message: String?) {
        let number = -result
        let text = message ?? LibPipeWire.errorText(number)
        if id == UInt32(PW_ID_CORE) && result == -EPIPE {
            let error = PipeWireError(
                code: .disconnected, operation: "PipeWire connection", errno: number,
                message: "the server closed the connection: \(text)")
            logger.warning("PipeWire connection lost", metadata: ["pipewire.error": "\(text)"])
            fail(error)
            hub.publish(.disconnected(error))
            hub.finish()
            return
        }
        let subject = describeProxy(id)
        let error = PipeWireError(code: .serverError, operation: "PipeWire \(subject ?? "proxy \(id)")", errno: number, message: text)
        logger.debug("PipeWire server error", metadata: ["pipewire.object": "\(id)", "pipewire.error": "\(text)"])
        // An error about a proxy already destroyed (its global went away, e.g. while the mirror was
        // binding a short-lived stream) concerns no caller's pending request: it is only reported.
        // So is ENOENT about a mirrored object the mirror still holds: its global went away between
        // its announcement and the bind or a method on it ("no global", "unknown resource"), and
        // the removal event is still on its way. Taken as the sync's failure, a `pactl` that came
        // and went during a round trip failed the caller's (seen in PipeWireCommandTests), and an
        // agent started while the graph changed failed to connect (issue 18's soak).
        // The server tells of a method sent to a resource it no longer has on the core, naming the
        // resource in the message only ("unknown resource 25 op:7").
        let about = id == UInt32(PW_ID_CORE) ? Self.unknownResource(in: text) : id
        let objectVanished = number == ENOENT && about.map { resource in
            resource != UInt32(PW_ID_CORE) && !metadata.values.contains { $0.proxyID == resource }
        } ?? false
        if subject != nil && !objectVanished {
            for key in pendingSyncs.keys { pendingSyncs[key]?.errors.append(error) }
        }
        hub.publish(.serverError(error))
    }

    /// The resource id in the server's "unknown resource ID op:N" error, sent on the core.
    static func unknownResource(in message: String) -> UInt32? {
        let words = message.split(separator: " ")
        guard let at = words.indices.first(where: { words[$0] == "unknown" && $0 + 2 < words.count && words[$0 + 1] == "resource" })
        else { return nil }
        return UInt32(words[at + 2])
    }

    /// What a live proxy of this connection stands for, in words; nil for a proxy it no longer has.
    private func describeProxy(_ proxyID: UInt32) -> String? {
        if proxyID == UInt32(PW_ID_CORE) { return "core" }
        if let node = nodes.values.first(where: { $0.proxyID == proxyID }) { return "node \(node.id)" }
        if let device = devices.values.first(where: { $0.proxyID == proxyID }) { return "device \(device.id)" }
        if let client = clients.values.first(where: { $0.proxyID == proxyID }) { return "client \(client.id)" }
        if let port = ports.values.first(where: { $0.proxyID == proxyID }) { return "port \(port.id)" }
        if let metadata = metadata.values.first(where: { $0.proxyID == proxyID }) {
            return "metadata \"\(metadata.name)\" (\(metadata.id))"
        }
        return nil
    }

    // MARK: Registry events

    func globalAdded(id: UInt32, permissions: UInt32, type: String, version: UInt32, properties: [String: String]) {
        var global = PipeWireGlobal(
            id: id, type: PipeWireObjectType(rawValue: type), version: version,
            permissions: PipeWirePermissions(rawValue: permissions), properties: properties)
        if let registry {
            do {
                if global.type == .node {
                    nodes[id] = try BoundNode(id: id, version: version, registry: registry, mirror: self)
                    global.node = PipeWireNodeInfo(state: .creating)
                } else if global.type == .device {
                    devices[id] = try BoundDevice(id: id, version: version, registry: registry, mirror: self)
                    global.device = PipeWireDeviceInfo()
                } else if global.type == .client {
                    clients[id] = try BoundClient(id: id, version: version, registry: registry, mirror: self)
                } else if global.type == .port, isDevicePort(properties) {
                    ports[id] = try BoundPort(id: id, version: version, registry: registry, mirror: self)
                } else if global.type == .metadata {
                    let name = properties["metadata.name"] ?? "default"
                    metadata[id] = try BoundMetadata(id: id, name: name, version: version, registry: registry, mirror: self)
                }
            } catch {
                logger.debug("cannot bind PipeWire global", metadata: ["pipewire.object": "\(id)", "pipewire.error": "\(error)"])
                hub.publish(.serverError(error))
            }
        }
        globals[id] = global
        hub.publish(.globalAdded(global))
    }

    func globalRemoved(id: UInt32) {
        nodes.removeValue(forKey: id)?.unbind()
        devices.removeValue(forKey: id)?.unbind()
        clients.removeValue(forKey: id)?.unbind()
        ports.removeValue(forKey: id)?.unbind()
        metadata.removeValue(forKey: id)?.unbind()
        guard let global = globals.removeValue(forKey: id) else { return }
        hub.publish(.globalRemoved(global))
    }

    // MARK: Node and metadata events

    func nodeInfo(_ id: UInt32, info: pw_node_info) {
        guard var global = globals[id] else { return }
        var node = global.node ?? PipeWireNodeInfo(state: .creating)
        let mask = info.change_mask
        if mask & UInt64(PW_NODE_CHANGE_MASK_STATE) != 0 {
            node.state = PipeWireNodeState(info.state)
            node.error = SpaDict.string(info.error)
        }
        if mask & UInt64(PW_NODE_CHANGE_MASK_PROPS) != 0 {
            global.properties.merge(SpaDict.properties(info.props)) { _, new in new }
        }
        global.node = node
        update(global)
    }

    func nodeProps(_ id: UInt32, props: PipeWireNodeProps) {
        guard var global = globals[id] else { return }
        var node = global.node ?? PipeWireNodeInfo(state: .creating)
        node.props = (node.props ?? PipeWireNodeProps()).merging(props)
        global.node = node
        update(global)
    }

    /// Keeps a port's latency toward its own side only (an input port's toward the device, an
    /// output port's from it): the other direction changes with every stream linked in, and is
    /// nothing the agent reads.
    func portLatency(_ id: UInt32, latency: PipeWirePortLatency) {
        guard var global = globals[id], global.properties["port.direction"] == (latency.direction == .input ? "in" : "out") else { return }
        global.portLatencies.removeAll { $0.direction == latency.direction }
        global.portLatencies.append(latency)
        update(global)
    }

    /// Whether a port belongs to a sink or source node (the server announces a node before its
    /// ports), whose latency is the device's.
    private func isDevicePort(_ properties: [String: String]) -> Bool {
        guard let node = properties["node.id"].flatMap({ UInt32($0) }).flatMap({ globals[$0] }),
            let mediaClass = node.properties["media.class"]
        else { return false }
        return mediaClass.hasPrefix("Audio/Sink") || mediaClass.hasPrefix("Audio/Source")
    }

    func deviceInfo(_ id: UInt32, info: pw_device_info) {
        guard var global = globals[id], info.change_mask & UInt64(PW_DEVICE_CHANGE_MASK_PROPS) != 0 else { return }
        global.properties.merge(SpaDict.properties(info.props)) { _, new in new }
        update(global)
    }

    func clientInfo(_ id: UInt32, info: pw_client_info) {
        guard var global = globals[id], info.change_mask & UInt64(PW_CLIENT_CHANGE_MASK_PROPS) != 0 else { return }
        global.properties.merge(SpaDict.properties(info.props)) { _, new in new }
        update(global)
    }

    func deviceParams(_ id: UInt32, info: PipeWireDeviceInfo) {
        guard var global = globals[id] else { return }
        global.device = info
        update(global)
    }

    func metadataProperty(_ bound: BoundMetadata, subject: UInt32, key: String?, type: String?, value: String?) {
        bound.apply(subject: subject, key: key, type: type, value: value)
        hub.publish(
            .metadataChanged(
                PipeWireMetadataChange(
                    metadataID: bound.id, metadataName: bound.name, subject: subject, key: key, type: type, value: value)))
    }

    private func update(_ global: PipeWireGlobal) {
        guard globals[global.id] != global else { return }
        globals[global.id] = global
        hub.publish(.globalChanged(global))
    }
}

extension PipeWireNodeState {
    init(_ state: pw_node_state) {
        switch state {
        case PW_NODE_STATE_ERROR: self = .error
        case PW_NODE_STATE_SUSPENDED: self = .suspended
        case PW_NODE_STATE_IDLE: self = .idle
        case PW_NODE_STATE_RUNNING: self = .running
        default: self = .creating
        }
    }
}
