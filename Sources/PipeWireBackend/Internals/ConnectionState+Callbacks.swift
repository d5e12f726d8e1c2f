internal import CPipeWire

/// The C callback tables of the core and the registry. They capture nothing: the connection state
/// arrives as `Unmanaged` userdata, and libpipewire calls them on the loop thread, lock held.
extension ConnectionState {
    static func coreEvents() -> pw_core_events {
        var events = pw_core_events()
        events.version = UInt32(PW_VERSION_CORE_EVENTS)
        events.info = { data, info in
            guard let data, let info else { return }
            Unmanaged<ConnectionState>.fromOpaque(data).takeUnretainedValue().coreInfo(
                PipeWireServerInfo(
                    name: SpaDict.string(info.pointee.name) ?? "", version: SpaDict.string(info.pointee.version) ?? "",
                    cookie: info.pointee.cookie))
        }
        events.done = { data, id, sequence in
            guard let data else { return }
            Unmanaged<ConnectionState>.fromOpaque(data).takeUnretainedValue().coreDone(id: id, sequence: sequence)
        }
        events.error = { data, id, sequence, result, message in
            guard let data else { return }
            Unmanaged<ConnectionState>.fromOpaque(data).takeUnretainedValue()
                .coreError(id: id, sequence: sequence, result: result, message: SpaDict.string(message))
        }
        return events
    }

    static func registryEvents() -> pw_registry_events {
        var events = pw_registry_events()
        events.version = UInt32(PW_VERSION_REGISTRY_EVENTS)
        events.global = { data, id, permissions, type, version, props in
            guard let data, let type else { return }
            Unmanaged<ConnectionState>.fromOpaque(data).takeUnretainedValue().globalAdded(
                id: id, permissions: permissions, type: String(cString: type), version: version,
                properties: SpaDict.properties(props))
        }
        events.global_remove = { data, id in
            guard let data else { return }
            Unmanaged<ConnectionState>.fromOpaque(data).takeUnretainedValue().globalRemoved(id: id)
        }
        return events
    }
}
