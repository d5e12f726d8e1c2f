internal import CPipeWire
internal import Logging

/// A port proxy the mirror bound to read the port's `Latency` params: only ports of device nodes,
/// whose latency is the device's (a stream's ports would double the proxies for nothing the agent
/// reads).
final class BoundPort {
    let id: UInt32
    let proxy: OpaquePointer
    /// The proxy's client-side id, which core errors about it carry.
    let proxyID: UInt32
    /// Whether the port's Latency is subscribed: only once its info lists it as readable, since
    /// asking a port without it makes the server report an error.
    private var subscribedToLatency = false
    private let listener: Listener<pw_port_events>
    /// The mirror that owns this port; it outlives the proxy (it removes the listener first).
    unowned let mirror: ConnectionState

    /// Binds global `id` and starts listening; call with the loop locked.
    init(id: UInt32, version: UInt32, registry: OpaquePointer, mirror: ConnectionState) throws(PipeWireError) {
        self.id = id
        self.mirror = mirror
        proxy = try LibPipeWire.registryBind(
            registry, id: id, type: PipeWireObjectType.port.rawValue, version: min(version, UInt32(PW_VERSION_PORT)))
        proxyID = LibPipeWire.proxyID(proxy)
        var events = pw_port_events()
        events.version = UInt32(PW_VERSION_PORT_EVENTS)
        events.info = { data, info in
            guard let data, let info else { return }
            Unmanaged<BoundPort>.fromOpaque(data).takeUnretainedValue().subscribeToLatencyIfReadable(info.pointee)
        }
        events.param = { data, _, paramID, _, _, pod in
            guard let data, let pod, paramID == SPA_PARAM_Latency.rawValue,
                let latency = LibPipeWire.parseLatency(pod)
            else { return }
            let port = Unmanaged<BoundPort>.fromOpaque(data).takeUnretainedValue()
            port.mirror.portLatency(port.id, latency: latency)
        }
        listener = Listener(events)
        do {
            try LibPipeWire.portAddListener(
                proxy, hook: listener.hook, events: listener.events, data: Unmanaged.passUnretained(self).toOpaque())
            listener.markAttached()
        } catch {
            unbind()
            throw error
        }
    }

    private func subscribeToLatencyIfReadable(_ info: pw_port_info) {
        guard !subscribedToLatency, info.change_mask & UInt64(PW_PORT_CHANGE_MASK_PARAMS) != 0,
            LibPipeWire.listsReadable(SPA_PARAM_Latency, in: info.params, count: info.n_params)
        else { return }
        do {
            try LibPipeWire.portSubscribeLatency(proxy)
            subscribedToLatency = true
        } catch {
            mirror.logger.debug("cannot subscribe to a port's Latency", metadata: ["pipewire.port": "\(id)", "pipewire.error": "\(error)"])
        }
    }

    /// Stops listening and destroys the proxy; call with the loop locked.
    func unbind() {
        listener.remove()
        LibPipeWire.proxyDestroy(proxy)
    }
}
