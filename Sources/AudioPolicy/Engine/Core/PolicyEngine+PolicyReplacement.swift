import AudioSessionModel

extension PolicyEngine {
    /// Recomputes everything under `policy` by replaying the current facts into a fresh engine,
    /// then emits the minimal decisions that move sessions and streams from old effects to new.
    mutating func replacePolicy(_ policy: Policy) {
        let old = state
        var fresh = PolicyEngine(policy: policy)
        fresh.state.now = old.now
        fresh.state.devices = old.devices
        // Loaded cancellers and the streams on them carry over: the new policy keeps, replaces or unloads them.
        fresh.state.defaultDevices = old.defaultDevices
        fresh.state.echoCancellers = old.echoCancellers
        fresh.state.sessionCancellers = old.sessionCancellers
        fresh.state.echoCancelled = old.echoCancelled
        fresh.state.desktop = old.desktop
        fresh.begin(release: "policy replaced", source: nil, resume: false)
        // A call held after its microphone closed stays held under the new policy, if it still
        // infers calls; calls with an open microphone are found again as their captures are added.
        if policy.interruption.captureCalls {
            fresh.state.capturingProcesses = old.capturingProcesses.compactMapValues { calling in
                calling.heldSince.map { CapturingProcess(heldSince: $0) }
            }
        }
        for session in old.sessions.values.sorted(by: { $0.registrationOrder < $1.registrationOrder }) {
            fresh.registerSession(session.id, app: session.app)
            fresh.state.sessions[session.id]?.registrationOrder = session.registrationOrder
            fresh.state.sessions[session.id]?.configuration = session.configuration
            fresh.refreshStanding(of: session.id)
            fresh.state.sessions[session.id]?.hintBegun = session.hintBegun
            fresh.state.sessions[session.id]?.hasDeclared = session.hasDeclared
            // The app's own choices are no rules of the policy: a new policy keeps them.
            fresh.state.sessions[session.id]?.inputMuted = session.inputMuted
            fresh.state.sessions[session.id]?.preferredInput = session.preferredInput
            fresh.state.sessions[session.id]?.speakerOverride = session.speakerOverride
            fresh.state.sessions[session.id]?.echoCancellationRequest = session.echoCancellationRequest
            fresh.state.sessions[session.id]?.preferences = session.preferences
        }
        // A call's stand-in (its stream is gone from the server) does not carry over.
        for stream in old.streams.values.sorted(by: { $0.order < $1.order }) where stream.replacedSince == nil {
            fresh.addStream(stream.info, order: stream.order, leftover: stream.leftover)
        }
        fresh.state.nextOrder = old.nextOrder
        // Replay activations in their original order; one now refused counts as interrupted by its holder.
        let active = old.sessions.values.filter { $0.activity == .active }.sorted { $0.activationOrder < $1.activationOrder }
        for session in active {
            guard let facts = fresh.facts(of: .session(session.id)) else { continue }
            if let (holder, _) = fresh.priorityHolder(against: .session(session.id), facts) {
                fresh.state.sessions[session.id]?.activity = .interrupted
                fresh.state.sessions[session.id]?.interruptedBy = [holder]
                fresh.state.actors[holder]?.interruptedSessions.insert(session.id)
            } else if fresh.state.sessions[session.id]?.activity != .interrupted {
                fresh.state.sessions[session.id]?.activity = .active
                fresh.state.sessions[session.id]?.activationOrder = session.activationOrder
                fresh.startActing(.session(session.id))
            }
        }
        // The system's sleep holds its interruptions until it wakes, whatever the policy.
        for session in old.sessions.values where session.suspendedBySleep {
            fresh.state.sessions[session.id]?.activity = .interrupted
            fresh.state.sessions[session.id]?.suspendedBySleep = true
        }
        // So does a muted input, until it is unmuted, and a device gone from a route, until it is back.
        for session in old.sessions.values where session.mutedInput != nil || session.disconnectedDevice != nil {
            fresh.state.sessions[session.id]?.activity = .interrupted
            fresh.state.sessions[session.id]?.mutedInput = session.mutedInput
            fresh.state.sessions[session.id]?.disconnectedDevice = session.disconnectedDevice
        }
        // Interruptions whose interrupters are still active carry over; the rest end.
        for session in old.sessions.values where session.activity == .interrupted {
            let holders = session.interruptedBy.filter { fresh.state.actors[$0] != nil && fresh.state.policy.enabled }
            guard !holders.isEmpty else { continue }
            fresh.state.sessions[session.id]?.activity = .interrupted
            fresh.state.sessions[session.id]?.interruptedBy.formUnion(holders)
            for holder in holders { fresh.state.actors[holder]?.interruptedSessions.insert(session.id) }
        }

        var transaction = self.transaction
        for (id, stream) in old.streams {
            guard transaction.effectsBefore[id] == nil else { continue }
            transaction.effectsBefore[id] = effect(of: stream)
            transaction.touchedOrder.append(id)
        }
        for session in old.sessions.values.sorted(by: { $0.registrationOrder < $1.registrationOrder }) {
            let now = fresh.state.sessions[session.id]?.activity ?? .inactive
            switch (session.activity, now) {
            case (.active, .interrupted):
                let holder = fresh.state.sessions[session.id]?.interruptedBy.min()
                transaction.sessionDecisions.append(
                    .interruptionBegan(session.id, reason: .default, because: Explanation(rule: "policy replaced", source: holder)))
            case (.interrupted, .inactive), (.interrupted, .active):
                transaction.sessionDecisions.append(
                    .interruptionEnded(session.id, shouldResume: false, because: Explanation(rule: "policy replaced")))
            default:
                break
            }
            transaction.dirty.insert(.session(session.id))
        }
        transaction.dirty.formUnion(old.streams.keys.map(Participant.stream))
        transaction.dirty.formUnion(fresh.transaction.dirty)
        state = fresh.state
        state.primarySounding = old.primarySounding
        state.soundingParticipants = old.soundingParticipants
        self.transaction = transaction
    }
}
