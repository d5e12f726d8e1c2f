internal import CPipeWire
internal import Logging

/// A client proxy the mirror bound to read the client's full properties: the registry announces a
/// client with a filtered set (`pipewire.sec.pid`, `pipewire.protocol`, ...), while who the app is
/// (`application.process.binary`, `application.process.id`, `application.id`, a portal's
/// `pipewire.access.portal.app_id`) comes only with the client's info.
final class BoundClient {
    let id: UInt32
    let proxy: OpaquePointer
    /// The proxy's client-side id, which core errors about it carry.
    let proxyID: UInt32
    private let listener: Listener<pw_client_events>
    /// The mirror that owns this client; it outlives the proxy (it removes the listener first).
    unowned let mirror: ConnectionState

    /// Binds global `id` and starts listening; call with the loop locked.
    init(id: UInt32, version: UInt32, registry: OpaquePointer, mirror: ConnectionState) throws(PipeWireError) {
        self.id = id
        self.mirror = mirror
        proxy = try LibPipeWire.registryBind(
            registry, id: id, type: PipeWireObjectType.client.rawValue, version: min(version, UInt32(PW_VERSION_CLIENT)))
        proxyID = LibPipeWire.proxyID(proxy)
        var events = pw_client_events()
        events.version = UInt32(PW_VERSION_CLIENT_EVENTS)
        events.info = { data, info in
            guard let data, let info else { return }
            let client = Unmanaged<BoundClient>.fromOpaque(data).takeUnretainedValue()
            client.mirror.clientInfo(client.id, info: info.pointee)
        }
        listener = Listener(events)
        do {
            try LibPipeWire.clientAddListener(
                proxy, hook: listener.hook, events: listener.events, data: Unmanaged.passUnretained(self).toOpaque())
            listener.markAttached()
        } catch {
            unbind()
            throw error
        }
    }

    /// Stops listening and destroys the proxy; call with the loop locked.
    func unbind() {
        listener.remove()
        LibPipeWire.proxyDestroy(proxy)
    }
}
