import AudioSessionModel

// Where each session's audio goes: routing by category and mode, and route-change notices.
extension PolicyEngine {
    /// Moves the streams of sessions the policy routes, and tells every session whose route
    /// changed, with the reason and the previous route.
    mutating func updateRoutes() {
        let unneededCancellers = updateEchoCancellers()
        var sessions = transaction.allRoutesDirty ? Set(state.sessions.keys) : transaction.routesDirty
        // Streams of sessions that ended may still sit on a canceller about to go.
        sessions.formIntersection(state.sessions.keys)
        for id in sessions.sorted() {
            guard state.sessions[id] != nil else { continue }
            if state.sessions[id]?.isInterrupted == true { state.sessions[id]?.speakerOverride = false }
            routeStreams(of: id)
            announceRoute(of: id)
        }
        unloadEchoCancellers(unneededCancellers)
    }

    /// The device the policy wants the session's streams of a direction on, or `nil` to leave
    /// them where the server puts them (the default).
    func preferredDevice(of session: SessionRecord, _ direction: StreamDirection) -> DeviceID? {
        guard state.policy.enabled, session.activity == .active else { return nil }
        let configuration = session.configuration
        let isCall = configuration.category == .playAndRecord && [.voiceChat, .videoChat].contains(configuration.mode)
        switch direction {
        case .playback:
            guard configuration.category != .record else { return nil }
            if configuration.category == .playAndRecord
                && (session.speakerOverride || configuration.options.contains(.defaultToSpeaker))
            {
                return latestAvailable(.playback) { $0 == .builtInSpeaker }
            }
            return isCall ? bestAvailable(.playback, by: state.policy.routing.callOutputPortTypes) : nil
        case .capture:
            guard configuration.category.records else { return nil }
            if let chosen = session.preferredInput, state.devices[chosen]?.isAvailable == true { return chosen }
            return isCall ? bestAvailable(.capture, by: state.policy.routing.callInputPortTypes) : nil
        }
    }

    /// Moves the session's streams to its preferred devices, and back when the preference ends.
    private mutating func routeStreams(of id: SessionID) {
        guard let session = state.sessions[id] else { return }
        for streamID in session.streams.sorted() {
            guard let stream = state.streams[streamID], stream.excludedBecause == nil,
                !state.userRouted.contains(streamID)
            else { continue }
            if routeThroughEchoCanceller(streamID, of: session) { continue }
            let wanted = preferredDevice(of: session, stream.info.direction)
            let current = state.policyMoves[streamID]
            if let wanted, wanted != current, wanted != stream.info.device || current != nil {
                state.policyMoves[streamID] = wanted
                transaction.routingDecisions.append(
                    .move(streamID, to: wanted, because: routeExplanation(session, stream.info.direction)))
            } else if wanted == nil, current != nil {
                state.policyMoves[streamID] = nil
                transaction.routingDecisions.append(
                    .unmove(streamID, because: Explanation(rule: "routing ended", source: .session(id))))
            }
        }
    }

    /// Tells the session when its route changed; the first route after it declared its
    /// configuration is not a change (registering and declaring are one step for an app).
    private mutating func announceRoute(of id: SessionID) {
        guard let session = state.sessions[id], session.hasDeclared else { return }
        let route = currentRoute(of: session)
        let category = session.configuration.category
        // Until the backend reports a device, nothing is known about routes (a pure table without devices).
        let lacksRoute = session.activity == .active && !state.devices.isEmpty
            && ((category.records && route.inputs.isEmpty) || (category.plays && route.outputs.isEmpty))
        // Between a device going away and the server moving its streams (and naming a new
        // default) the route is briefly empty while devices remain: announce where it settles,
        // with the reason of the change that emptied it, however many events the server takes.
        if isSettling(route, category) {
            if session.settlingReason == nil, let previous = session.announcedRoute, previous != route {
                let reason = changeReason(from: previous, to: route, of: id)
                state.sessions[id]?.settlingReason = reason
            }
            return
        }
        state.sessions[id]?.settlingReason = nil
        state.sessions[id]?.announcedRoute = route
        if lacksRoute && !session.noRouteAnnounced {
            state.sessions[id]?.noRouteAnnounced = true
            emitRouteChange(id, .noSuitableRouteForCategory, previous: session.announcedRoute ?? route, current: route)
            return
        }
        if !lacksRoute { state.sessions[id]?.noRouteAnnounced = false }
        guard let previous = session.announcedRoute, previous != route || transaction.announceUnchangedRoutes else { return }
        let reason = session.settlingReason ?? changeReason(from: previous, to: route, of: id)
        emitRouteChange(id, reason, previous: previous, current: route)
    }

    /// Why the route moved from `previous`: this transaction's reason, or the plug or unplug the
    /// server's resulting moves follow.
    private func changeReason(from previous: RouteDescription, to route: RouteDescription, of id: SessionID) -> RouteChangeReason {
        let followingDeviceChange = state.lastDeviceChange.flatMap { mark -> RouteChangeReason? in
            guard state.eventSerial - mark.serial <= rescueWindow else { return nil }
            let ports = mark.reason == .newDeviceAvailable ? route : previous
            return (ports.inputs + ports.outputs).contains(mark.port) ? mark.reason : nil
        }
        return transaction.sessionRouteReasons[id] ?? transaction.routeReason ?? followingDeviceChange
            ?? .routeConfigurationChange
    }

    private func isSettling(_ route: RouteDescription, _ category: AudioSessionModel.Category) -> Bool {
        let available = state.devices.values.filter(\.isAvailable)
        let outputsSettling = category.plays && route.outputs.isEmpty && available.contains { $0.direction == .playback }
        let inputsSettling = category.records && route.inputs.isEmpty && available.contains { $0.direction == .capture }
        return outputsSettling || inputsSettling
    }

    private mutating func emitRouteChange(
        _ id: SessionID, _ reason: RouteChangeReason, previous: RouteDescription, current: RouteDescription
    ) {
        emit(
            .routeChanged(
                id, reason: reason, previous: previous, current: current,
                because: Explanation(rule: "route change: \(reason.kebabName)", source: .session(id))))
    }

    /// Where the session's audio goes: the devices its streams use (or are being moved to), or,
    /// for a direction it has no stream in, the device a new stream would get.
    func currentRoute(of session: SessionRecord) -> RouteDescription {
        let category = session.configuration.category
        func ports(_ direction: StreamDirection) -> [PortDescription] {
            var devices: [DeviceID] = []
            for streamID in session.streams.sorted() {
                guard let stream = state.streams[streamID], stream.info.direction == direction,
                    let device = state.policyMoves[streamID] ?? echoCancellerMaster(of: streamID, direction) ?? stream.info.device,
                    !devices.contains(device)
                else { continue }
                devices.append(device)
            }
            if devices.isEmpty, let device = preferredDevice(of: session, direction) ?? state.defaultDevices[direction] {
                devices = [device]
            }
            return devices.compactMap { state.devices[$0] }.filter(\.isAvailable).map(\.port)
        }
        return RouteDescription(
            inputs: category.records ? ports(.capture) : [], outputs: category.plays ? ports(.playback) : [])
    }

    /// The available device of the first port type in `preference` that has one; the most
    /// recently plugged among several of one type.
    private func bestAvailable(_ direction: StreamDirection, by preference: [PortType]) -> DeviceID? {
        for type in preference {
            if let device = latestAvailable(direction, where: { $0 == type }) { return device }
        }
        return nil
    }

    private func latestAvailable(_ direction: StreamDirection, where matches: (PortType) -> Bool) -> DeviceID? {
        state.devices.values
            .filter { $0.direction == direction && $0.isAvailable && matches($0.port.type) }
            .max { (state.devicePlugOrder[$0.id] ?? 0, $0.id) < (state.devicePlugOrder[$1.id] ?? 0, $1.id) }?
            .id
    }

    private func routeExplanation(_ session: SessionRecord, _ direction: StreamDirection) -> Explanation {
        let configuration = session.configuration
        let rule: String
        if direction == .capture, session.preferredInput != nil {
            rule = "routing: the session's preferred input"
        } else if direction == .playback, session.speakerOverride {
            rule = "routing: output overridden to the speaker"
        } else if direction == .playback, configuration.options.contains(.defaultToSpeaker) {
            rule = "routing: default-to-speaker"
        } else {
            rule = "routing: a call prefers a headset"
        }
        return Explanation(rule: rule, source: .session(session.id))
    }
}
