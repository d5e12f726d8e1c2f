internal import CPipeWire
internal import Logging

/// A device proxy (a sound card, a Bluetooth device) the mirror bound to read its full properties,
/// its routes and its profiles.
///
/// The four params are asked for with `enum_params` when the device's info first lists them as
/// readable and again each time their info flags change (PipeWire toggles a serial bit on every
/// change). The answers to a request replace the list when the first of them arrives; answers to
/// an older request are dropped. A request that finds nothing leaves the last list in place.
final class BoundDevice {
    let id: UInt32
    let proxy: OpaquePointer
    /// The proxy's client-side id, which core errors about it carry.
    let proxyID: UInt32
    /// The mirror that owns this device; it outlives the proxy (it removes the listener first).
    unowned let mirror: ConnectionState
    private let listener: Listener<pw_device_events>
    /// The params as last answered.
    private(set) var info = PipeWireDeviceInfo()
    /// Per param id: the flags the device's info last showed for it.
    private var flags: [UInt32: UInt32] = [:]
    /// Per param id: the sequence number of the latest request, and whether an answer to it came.
    private var requests: [UInt32: (sequence: Int32, answered: Bool)] = [:]

    /// The params read.
    static let paramIDs: [UInt32] = [
        SPA_PARAM_EnumRoute.rawValue, SPA_PARAM_Route.rawValue, SPA_PARAM_EnumProfile.rawValue, SPA_PARAM_Profile.rawValue,
    ]

    /// Binds global `id` and starts listening; call with the loop locked.
    init(id: UInt32, version: UInt32, registry: OpaquePointer, mirror: ConnectionState) throws(PipeWireError) {
        self.id = id
        self.mirror = mirror
        proxy = try LibPipeWire.registryBind(
            registry, id: id, type: PipeWireObjectType.device.rawValue, version: min(version, UInt32(PW_VERSION_DEVICE)))
        proxyID = LibPipeWire.proxyID(proxy)
        var events = pw_device_events()
        events.version = UInt32(PW_VERSION_DEVICE_EVENTS)
        events.info = { data, info in
            guard let data, let info else { return }
            let device = Unmanaged<BoundDevice>.fromOpaque(data).takeUnretainedValue()
            device.askForChangedParams(info.pointee)
            device.mirror.deviceInfo(device.id, info: info.pointee)
        }
        events.param = { data, sequence, paramID, _, _, pod in
            guard let data, let pod else { return }
            let device = Unmanaged<BoundDevice>.fromOpaque(data).takeUnretainedValue()
            device.received(paramID, sequence: sequence, pod: pod)
        }
        listener = Listener(events)
        do {
            try LibPipeWire.deviceAddListener(
                proxy, hook: listener.hook, events: listener.events, data: Unmanaged.passUnretained(self).toOpaque())
            listener.markAttached()
        } catch {
            unbind()
            throw error
        }
    }

    private func askForChangedParams(_ info: pw_device_info) {
        guard info.change_mask & UInt64(PW_DEVICE_CHANGE_MASK_PARAMS) != 0, let params = info.params else { return }
        for index in 0..<Int(info.n_params) {
            let param = params[index]
            guard Self.paramIDs.contains(param.id), param.flags & UInt32(SPA_PARAM_INFO_READ) != 0,
                flags[param.id] != param.flags
            else { continue }
            flags[param.id] = param.flags
            do {
                let sequence = try LibPipeWire.deviceEnumParams(proxy, id: param.id)
                requests[param.id] = (sequence, false)
            } catch {
                mirror.logger.debug(
                    "cannot ask a device for its params",
                    metadata: ["pipewire.device": "\(id)", "pipewire.param": "\(param.id)", "pipewire.error": "\(error)"])
            }
        }
    }

    private func received(_ paramID: UInt32, sequence: Int32, pod: UnsafePointer<spa_pod>) {
        guard let request = requests[paramID], request.sequence == LibPipeWire.asyncSequence(sequence) else { return }
        let fresh = !request.answered
        requests[paramID]?.answered = true
        switch paramID {
        case SPA_PARAM_EnumRoute.rawValue:
            guard let route = LibPipeWire.parseRoute(pod) else { return }
            info.routes = (fresh ? [] : info.routes) + [route]
        case SPA_PARAM_Route.rawValue:
            guard let route = LibPipeWire.parseRoute(pod) else { return }
            info.activeRoutes = (fresh ? [] : info.activeRoutes) + [route]
        case SPA_PARAM_EnumProfile.rawValue:
            guard let profile = LibPipeWire.parseProfile(pod) else { return }
            info.profiles = (fresh ? [] : info.profiles) + [profile]
        case SPA_PARAM_Profile.rawValue:
            guard let profile = LibPipeWire.parseProfile(pod) else { return }
            info.activeProfile = profile
        default:
            return
        }
        mirror.deviceParams(id, info: info)
    }

    /// Stops listening and destroys the proxy; call with the loop locked.
    func unbind() {
        listener.remove()
        LibPipeWire.proxyDestroy(proxy)
    }
}
