internal import CPipeWire
internal import Logging

/// A node proxy the mirror bound to read the node's info and Props, and to command it.
final class BoundNode {
    let id: UInt32
    let proxy: OpaquePointer
    /// The proxy's client-side id, which core errors about it carry.
    let proxyID: UInt32
    /// Whether the node's Props are subscribed: only once its info lists them as readable, since
    /// asking a node without Props makes the server report an error.
    private var subscribedToProps = false
    private let listener: Listener<pw_node_events>
    /// The mirror that owns this node; it outlives the proxy (it removes the listener first).
    unowned let mirror: ConnectionState

    /// Binds global `id` and starts listening; call with the loop locked.
    init(id: UInt32, version: UInt32, registry: OpaquePointer, mirror: ConnectionState) throws(PipeWireError) {
        self.id = id
        self.mirror = mirror
        proxy = try LibPipeWire.registryBind(
            registry, id: id, type: PipeWireObjectType.node.rawValue, version: min(version, UInt32(PW_VERSION_NODE)))
        proxyID = LibPipeWire.proxyID(proxy)
        var events = pw_node_events()
        events.version = UInt32(PW_VERSION_NODE_EVENTS)
        events.info = { data, info in
            guard let data, let info else { return }
            let node = Unmanaged<BoundNode>.fromOpaque(data).takeUnretainedValue()
            node.subscribeToPropsIfReadable(info.pointee)
            node.mirror.nodeInfo(node.id, info: info.pointee)
        }
        events.param = { data, _, paramID, _, _, pod in
            guard let data, let pod, paramID == SPA_PARAM_Props.rawValue,
                let props = LibPipeWire.parseProps(pod)
            else { return }
            let node = Unmanaged<BoundNode>.fromOpaque(data).takeUnretainedValue()
            node.mirror.nodeProps(node.id, props: props)
        }
        listener = Listener(events)
        do {
            try LibPipeWire.nodeAddListener(
                proxy, hook: listener.hook, events: listener.events, data: Unmanaged.passUnretained(self).toOpaque())
            listener.markAttached()
        } catch {
            unbind()
            throw error
        }
    }

    private func subscribeToPropsIfReadable(_ info: pw_node_info) {
        guard !subscribedToProps, info.change_mask & UInt64(PW_NODE_CHANGE_MASK_PARAMS) != 0,
            LibPipeWire.listsReadable(SPA_PARAM_Props, in: info.params, count: info.n_params)
        else { return }
        do {
            try LibPipeWire.nodeSubscribeProps(proxy)
            subscribedToProps = true
        } catch {
            mirror.logger.debug("cannot subscribe to a node's Props", metadata: ["pipewire.node": "\(id)", "pipewire.error": "\(error)"])
        }
    }

    /// Stops listening and destroys the proxy; call with the loop locked.
    func unbind() {
        listener.remove()
        LibPipeWire.proxyDestroy(proxy)
    }
}
