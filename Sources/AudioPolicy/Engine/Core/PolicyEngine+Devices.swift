import AudioSessionModel

// Devices coming and going: last-in wins on plug, pause on unplug.
extension PolicyEngine {
    /// A device appeared or changed. A new device, or one whose port became available again,
    /// is a plug; a port that became unavailable is an unplug (a laptop's headphone jack).
    mutating func addDevice(_ device: DeviceInfo) {
        let old = state.devices[device.id]
        state.devices[device.id] = device
        transaction.allRoutesDirty = true
        if device.direction == .capture, let old, old.isMuted != device.isMuted { inputMuteChanged(device) }
        let plugged = device.isAvailable && old?.isAvailable != true
        let unplugged = !device.isAvailable && old?.isAvailable == true
        if plugged {
            devicePlugged(device)
        } else if unplugged {
            deviceWentAway(device)
        } else if let old, old.port.uid != device.port.uid {
            activePortSwitched(from: old, to: device)
        } else if old?.port != device.port {
            transaction.routeReason = .routeConfigurationChange
        }
    }

    /// The active port of a device that stays switched (a laptop's headphone jack, with
    /// PulseAudio's module-switch-on-port-available or WirePlumber following it): the new port
    /// just plugged is a plug, the old port just pulled an unplug, anything else the user's pick.
    /// The plug is told first: plugging headphones makes a laptop's speaker port unavailable too.
    private mutating func activePortSwitched(from old: DeviceInfo, to device: DeviceInfo) {
        let newPortPlugged = device.portAvailability[device.port.uid] == true && old.portAvailability[device.port.uid] == false
        let oldPortPulled = device.portAvailability[old.port.uid] == false
        if newPortPlugged {
            devicePlugged(device)
        } else if oldPortPulled {
            deviceWentAway(old, stays: true)
        } else {
            transaction.routeReason = .routeConfigurationChange
        }
    }

    private mutating func devicePlugged(_ device: DeviceInfo) {
        state.devicePlugOrder[device.id] = state.nextOrder
        state.nextOrder += 1
        transaction.routeReason = .newDeviceAvailable
        state.lastDeviceChange = DeviceChangeMark(reason: .newDeviceAvailable, port: device.port, serial: state.eventSerial)
        clearSpeakerOverrides()
        endDisconnectInterruptions(of: device)
        applyLastInWins(device)
    }

    /// A device went away.
    mutating func removeDevice(_ id: DeviceID) {
        guard let device = state.devices[id] else { return }
        transaction.allRoutesDirty = true
        if device.isAvailable { deviceWentAway(device) }
        state.devices[id] = nil
        state.devicePlugOrder[id] = nil
        for (direction, current) in state.defaultDevices where current == id { state.defaultDevices[direction] = nil }
    }

    mutating func setDefaultDevice(_ direction: StreamDirection, _ id: DeviceID?) {
        guard state.defaultDevices[direction] != id else { return }
        state.defaultDevices[direction] = id
        // The reason is the plug or unplug this follows, if any; otherwise a configuration change.
        transaction.allRoutesDirty = true
    }

    /// Last-in wins: a personal device just plugged becomes the default, so streams that follow
    /// the default move there; streams pinned to a device stay where they are.
    private mutating func applyLastInWins(_ device: DeviceInfo) {
        let routing = state.policy.routing
        guard state.policy.enabled, routing.lastInWins, routing.lastInWinsPortTypes.contains(device.port.type),
            state.defaultDevices[device.direction] != device.id
        else { return }
        state.defaultDevices[device.direction] = device.id
        transaction.routingDecisions.append(
            .setDefaultDevice(
                device.id, device.direction,
                because: Explanation(rule: "last-in wins: \(device.port.type.kebabName) \(device.port.name) plugged")))
    }

    /// The device is gone or unplugged: what played there pauses (sessions through their route
    /// change, apps without the library by silence where they fell back to). A device that
    /// `stays` lost only its active port: its streams fall back to it, on its new port.
    private mutating func deviceWentAway(_ device: DeviceInfo, stays: Bool = false) {
        transaction.routeReason = .oldDeviceUnavailable
        state.lastDeviceChange = DeviceChangeMark(reason: .oldDeviceUnavailable, port: device.port, serial: state.eventSerial)
        clearSpeakerOverrides()
        interruptSessionsDisconnected(from: device)
        for (id, session) in state.sessions where session.preferredInput == device.id {
            state.sessions[id]?.preferredInput = nil
        }
        let routing = state.policy.routing
        guard routing.pauseOnUnplug, routing.pauseOnUnplugPortTypes.contains(device.port.type) else { return }
        let rescueWindow = self.rescueWindow
        // A stream with no device is mid-move (pipewire-pulse unlinks and corks a stream while it
        // relinks it): it counts as playing. So does one the policy silences.
        for (id, stream) in state.streams
        where stream.info.direction == .playback && (stream.playsForThePolicy || stream.info.device == nil) {
            guard case .stream = participant(of: stream), stream.excludedBecause == nil else { continue }
            let playedThere = stream.info.device == device.id
            let rescuedFromThere = state.recentMoves[id].map {
                $0.from == device.id && state.eventSerial - $0.serial <= rescueWindow
            } ?? false
            guard playedThere || rescuedFromThere else { continue }
            touch(id)
            let fellBackTo = playedThere && !stays ? nil : stream.info.device
            var hold = UnplugHold(device: device.id, fellBackTo: fellBackTo, since: state.now)
            hold.ranAfterFallback = fellBackTo != nil && stream.info.isSounding
            state.unplugHolds[id] = hold
        }
    }

    /// How many events after a plug or unplug the server's resulting moves may take. PipeWire 1.4
    /// shows each stream's relink as up to six events (unlinked, stopped, the default's change,
    /// linked, started, its properties again); with two per stream a session whose stream moved
    /// last heard `route-configuration-change` for a plug (`Routes.plugAndUnplug` on PipeWire 1.4
    /// with the native agent, 3 runs in 4). Plus a margin.
    var rescueWindow: Int { 6 * state.streams.count + 16 }

    /// A stream's device changed: remember where from (a rescue), and end an unplug hold when the
    /// stream is moved on from where it fell back (the user chose where it plays).
    mutating func noteDeviceChange(of id: StreamID, from old: DeviceID?, to new: DeviceID?) {
        guard old != new else { return }
        if let old { state.recentMoves[id] = RecentMove(from: old, serial: state.eventSerial) }
        if let hold = state.unplugHolds[id] {
            if hold.fellBackTo == nil {
                state.unplugHolds[id]?.fellBackTo = new
            } else if hold.fellBackTo != new {
                touch(id)
                transaction.neverResume.insert(id)
                state.unplugHolds[id] = nil
            }
        }
        if new == nil {
            // Unlinked for a moment (pipewire-pulse shows a moving stream without a device): no one's choice.
        } else if old == nil, let target = state.policyMoves[id], target != new {
            // Linked (again) somewhere else, as pipewire-pulse links a stream it reported unlinked:
            // a move decided meanwhile had nothing to move from, so the session's routing decides again.
            state.policyMoves[id] = nil
        } else if let target = state.policyMoves[id], target != new, state.devices[target]?.isAvailable == true {
            // Moved away from where the policy put it while that device is still there: the user's choice.
            state.policyMoves[id] = nil
            state.userRouted.insert(id)
        }
    }

    /// Notes that a held stream runs where it fell back, so that a later stop counts as a pause.
    mutating func noteRunning(_ id: StreamID) {
        guard let hold = state.unplugHolds[id], let stream = state.streams[id], stream.info.isSounding,
            hold.fellBackTo != nil, stream.info.device == hold.fellBackTo
        else { return }
        state.unplugHolds[id]?.ranAfterFallback = true
    }

    /// Notes whether a held stream sits, without running, where it fell back or unlinked: once it
    /// has for long enough it counts as paused (``pauseCounts(of:)``; ``nextDeadline`` wakes the
    /// engine for it). pipewire-pulse may not report a corked stream again once it has linked it,
    /// so "unlinked and corked" can be the last word on a player paused while it was relinking.
    /// A stream another cause silences is not resting: the native agent's Pause stopped it, not
    /// its player, and it is let run (muted) only once the hold alone silences it.
    mutating func noteQuiet(_ id: StreamID) {
        guard let hold = state.unplugHolds[id], let stream = state.streams[id] else { return }
        let device = stream.info.device
        let resting = device == nil || (hold.fellBackTo != nil && device == hold.fellBackTo)
        let quiet = resting && !stream.info.isSounding && stream.silencers.isEmpty
        if !quiet {
            state.unplugHolds[id]?.quietSince = nil
        } else if hold.quietSince == nil {
            state.unplugHolds[id]?.quietSince = state.now
        }
    }

    /// Ends unplug holds: the stream stopped (its player paused) or the policy's time ran out.
    mutating func releaseUnplugHolds(where shouldRelease: (StreamID, UnplugHold) -> Bool) {
        for (id, hold) in state.unplugHolds where shouldRelease(id, hold) {
            touch(id)
            transaction.neverResume.insert(id)
            state.unplugHolds[id] = nil
        }
    }

    /// The stream is gone: nothing to route, hold or remember.
    mutating func forgetRouting(of id: StreamID) {
        state.policyMoves[id] = nil
        state.echoCancelled[id] = nil
        state.unplugHolds[id] = nil
        state.recentMoves[id] = nil
        state.userRouted.remove(id)
    }

    private mutating func clearSpeakerOverrides() {
        for (id, session) in state.sessions where session.speakerOverride {
            state.sessions[id]?.speakerOverride = false
        }
    }
}
