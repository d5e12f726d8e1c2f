internal import CPipeWire

/// A metadata proxy the mirror bound to read the object's properties and to set them.
final class BoundMetadata {
    let id: UInt32
    let name: String
    let proxy: OpaquePointer
    /// The proxy's client-side id, which core errors about it carry.
    let proxyID: UInt32
    /// The entries the server sent, kept in first-seen order.
    var entries: [PipeWireMetadata.Entry] = []
    private let listener: Listener<pw_metadata_events>
    /// The mirror that owns this proxy; it outlives it (it removes the listener first).
    unowned let mirror: ConnectionState

    /// Binds global `id` and starts listening; call with the loop locked.
    init(id: UInt32, name: String, version: UInt32, registry: OpaquePointer, mirror: ConnectionState) throws(PipeWireError) {
        self.id = id
        self.name = name
        self.mirror = mirror
        proxy = try LibPipeWire.registryBind(
            registry, id: id, type: PipeWireObjectType.metadata.rawValue,
            version: min(version, UInt32(PW_VERSION_METADATA)))
        proxyID = LibPipeWire.proxyID(proxy)
        var events = pw_metadata_events()
        events.version = UInt32(PW_VERSION_METADATA_EVENTS)
        events.property = { data, subject, key, type, value in
            guard let data else { return 0 }
            let metadata = Unmanaged<BoundMetadata>.fromOpaque(data).takeUnretainedValue()
            metadata.mirror.metadataProperty(
                metadata, subject: subject, key: SpaDict.string(key), type: SpaDict.string(type),
                value: SpaDict.string(value))
            return 0
        }
        listener = Listener(events)
        do {
            try LibPipeWire.metadataAddListener(
                proxy, hook: listener.hook, events: listener.events, data: Unmanaged.passUnretained(self).toOpaque())
            listener.markAttached()
        } catch {
            unbind()
            throw error
        }
    }

    var snapshot: PipeWireMetadata { PipeWireMetadata(id: id, name: name, entries: entries) }

    /// Applies one property event: a nil key clears the subject, a nil value removes the key.
    func apply(subject: UInt32, key: String?, type: String?, value: String?) {
        guard let key else {
            entries.removeAll { $0.subject == subject }
            return
        }
        let index = entries.firstIndex { $0.subject == subject && $0.key == key }
        switch (index, value) {
        case (let index?, let value?):
            entries[index].type = type
            entries[index].value = value
        case (let index?, nil):
            entries.remove(at: index)
        case (nil, let value?):
            entries.append(PipeWireMetadata.Entry(subject: subject, key: key, type: type, value: value))
        case (nil, nil):
            break
        }
    }

    /// Stops listening and destroys the proxy; call with the loop locked.
    func unbind() {
        listener.remove()
        LibPipeWire.proxyDestroy(proxy)
    }
}
