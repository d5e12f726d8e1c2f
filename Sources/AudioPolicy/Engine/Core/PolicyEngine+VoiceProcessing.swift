import AudioSessionModel

// Voice processing by mode or by the app's request: an echo canceller on the route of every
// active call, shared by calls on the same devices, loaded before their streams move onto it and
// unloaded after they left it.
extension PolicyEngine {
    /// Decides which cancellers must exist now: loads the missing ones (before any move) and
    /// returns those no session needs, to unload once their streams have moved off.
    mutating func updateEchoCancellers() -> [EchoCancellerID] {
        // Apps that never link the library have no sessions: their streams' events skip the work.
        guard !state.sessions.isEmpty || !state.echoCancellers.isEmpty || !state.sessionCancellers.isEmpty else {
            return []
        }
        var wanted: [SessionID: EchoCanceller.SharingKey] = [:]
        for session in state.sessions.values {
            if let key = echoCancellerKey(for: session) { wanted[session.id] = key }
        }
        var byKey: [EchoCanceller.SharingKey: EchoCancellerID] = [:]
        for canceller in state.echoCancellers.values { byKey[canceller.sharingKey] = canceller.id }
        var assignments: [SessionID: EchoCancellerID] = [:]
        for id in wanted.keys.sorted() {
            guard let key = wanted[id], let session = state.sessions[id], let reason = wantsEchoCanceller(session) else { continue }
            let cancellerID: EchoCancellerID
            if let existing = byKey[key] {
                cancellerID = existing
            } else {
                cancellerID = EchoCancellerID("echo-cancel-\(state.nextOrder)")
                state.nextOrder += 1
                let canceller = EchoCanceller(
                    id: cancellerID, playbackMaster: key.playbackMaster, captureMaster: key.captureMaster, settings: key.settings)
                state.echoCancellers[cancellerID] = canceller
                byKey[key] = cancellerID
                transaction.routingDecisions.append(
                    .loadEchoCanceller(
                        canceller,
                        because: Explanation(rule: reason, source: .session(id))))
            }
            assignments[id] = cancellerID
        }
        for id in Set(assignments.keys).union(state.sessionCancellers.keys)
        where assignments[id] != state.sessionCancellers[id] {
            transaction.routesDirty.insert(id)
        }
        state.sessionCancellers = assignments
        let needed = Set(assignments.values)
        let unneeded = state.echoCancellers.keys.filter { !needed.contains($0) }.sorted()
        for id in unneeded { state.echoCancellers[id] = nil }
        if !unneeded.isEmpty {
            // Every stream still on an unneeded canceller must be moved off before it goes.
            for (stream, canceller) in state.echoCancelled where unneeded.contains(canceller) {
                if let session = state.streams[stream]?.session { transaction.routesDirty.insert(session) }
            }
        }
        return unneeded
    }

    /// What a session's canceller would be: while it is active and its mode or its app's request
    /// wants one (``wantsEchoCanceller(_:)``), on the devices its audio goes to without one.
    func echoCancellerKey(for session: SessionRecord) -> EchoCanceller.SharingKey? {
        guard session.activity == .active, wantsEchoCanceller(session) != nil else { return nil }
        return echoCancellerDevices(for: session)
    }

    /// Why the session wants a canceller, or `nil` when it wants none: its mode (a play-and-record
    /// session in one of the policy's modes), or its app's request (any session that records,
    /// when the policy honours requests). An app's `false` takes the mode's canceller away only
    /// where the policy lets apps turn it off.
    func wantsEchoCanceller(_ session: SessionRecord) -> String? {
        let voice = state.policy.voiceProcessing
        let configuration = session.configuration
        guard state.policy.enabled, voice.enabled, !Policy.VoiceProcessing.unprocessedModes.contains(configuration.mode) else {
            return nil
        }
        let byMode = configuration.category == .playAndRecord && voice.modes.contains(configuration.mode)
        let modeReason = "voice processing: \(configuration.mode.kebabName) gets an echo canceller"
        guard voice.honourAppRequest, let request = session.echoCancellationRequest else { return byMode ? modeReason : nil }
        if request {
            return configuration.category.records ? "voice processing: the app asked for echo cancellation" : nil
        }
        return byMode && !voice.appCanTurnOff ? modeReason + " (the policy keeps it whatever the app asks)" : nil
    }

    /// The devices a session's canceller would sit between: those its audio goes to without one,
    /// while both are available.
    private func echoCancellerDevices(for session: SessionRecord) -> EchoCanceller.SharingKey? {
        guard let playback = preferredDevice(of: session, .playback) ?? state.defaultDevices[.playback],
            let capture = preferredDevice(of: session, .capture) ?? state.defaultDevices[.capture],
            state.devices[playback]?.isAvailable == true, state.devices[capture]?.isAvailable == true
        else { return nil }
        return EchoCanceller.SharingKey(
            playbackMaster: playback, captureMaster: capture, settings: state.policy.voiceProcessing.canceller)
    }

    /// Whether the session could have echo-cancelled input now if its app asked: the policy gives
    /// it one (by mode, or honouring a request for a session that records) and its input and
    /// output devices are there. Its activity does not count: the canceller comes with activation.
    func canCancelEcho(for session: SessionRecord) -> Bool {
        var asking = session
        if state.policy.voiceProcessing.honourAppRequest { asking.echoCancellationRequest = true }
        return wantsEchoCanceller(asking) != nil && echoCancellerDevices(for: asking) != nil
    }

    /// Moves a stream onto its session's canceller, or off a canceller it no longer needs.
    /// Returns whether the stream's routing is settled here (it goes through a canceller or just
    /// left one); `false` leaves it to device routing.
    mutating func routeThroughEchoCanceller(_ streamID: StreamID, of session: SessionRecord) -> Bool {
        if let canceller = state.sessionCancellers[session.id] {
            guard state.echoCancelled[streamID] != canceller else { return true }
            state.echoCancelled[streamID] = canceller
            state.policyMoves[streamID] = nil
            transaction.routingDecisions.append(
                .moveToEchoCanceller(
                    streamID, canceller,
                    because: Explanation(rule: "voice processing: the call's audio goes through its echo canceller", source: .session(session.id))))
            return true
        }
        guard state.echoCancelled.removeValue(forKey: streamID) != nil, let stream = state.streams[streamID] else { return false }
        if let device = preferredDevice(of: session, stream.info.direction) {
            state.policyMoves[streamID] = device
            transaction.routingDecisions.append(
                .move(streamID, to: device, because: Explanation(rule: "voice processing ended: routing", source: .session(session.id))))
        } else {
            transaction.routingDecisions.append(
                .unmove(streamID, because: Explanation(rule: "voice processing ended", source: .session(session.id))))
        }
        return true
    }

    /// The unload decisions for cancellers no session needs, after the moves off them.
    mutating func unloadEchoCancellers(_ ids: [EchoCancellerID]) {
        for id in ids {
            for (stream, canceller) in state.echoCancelled where canceller == id { state.echoCancelled[stream] = nil }
            transaction.routingDecisions.append(
                .unloadEchoCanceller(id, because: Explanation(rule: "voice processing: no active call needs the echo canceller")))
        }
    }

    /// The device a stream on a canceller reaches through it (or is being moved to reach), so the
    /// session's route names real devices, the new ones as soon as the canceller moves.
    func echoCancellerMaster(of stream: StreamID, _ direction: StreamDirection) -> DeviceID? {
        guard let canceller = state.echoCancelled[stream].flatMap({ state.echoCancellers[$0] }) else { return nil }
        return direction == .playback ? canceller.playbackMaster : canceller.captureMaster
    }

    /// Whether the stream is the input of a session in a mode that promises no processing
    /// (measurement): the agent never ducks or ramps it.
    func isUnprocessedInput(_ stream: StreamRecord) -> Bool {
        guard stream.info.direction == .capture, let session = stream.session.flatMap({ state.sessions[$0] }) else {
            return false
        }
        return Policy.VoiceProcessing.unprocessedModes.contains(session.configuration.mode)
    }
}
