import Logging
import PulseBackend
import SoundServer

extension PulseEnforcer {
    /// Undoes what a previous agent left in the journal (it crashed or was killed) for every stream
    /// no current decision keeps ducked, silenced or moved: called once the grace period for
    /// sessions to re-register has passed. Loop lock held.
    ///
    /// A stream that still exists gets its volume (if it still shows the journalled ducked level:
    /// read-compare-write), mute state and device back; for a stream that has ended, the restore
    /// database entry is repaired with the journalled values.
    func recoverJournal(then done: @escaping @ServerLoopActor @Sendable () -> Void = {}) {
        let counter = WorkCounter { _ in done() }
        restorePending(adopted: false, counter: counter)
        sweepEchoCancellers(counter: counter)
        cancellerProcesses?.endRecorded()
        counter.sealed()
    }

    /// Undoes every change at once (the agent is stopping): ramps stop, ducked streams get their
    /// user's volume, silenced ones their mute state, moved ones their device, unloaded server
    /// modules are loaded again (``PulseModuleSteward/restoreAll(counter:)``), and what the journal
    /// still holds from a previous agent is restored too. `done` runs (on the loop thread) once the
    /// server has answered everything; the journal is then empty. Loop lock held.
    func undoAll(then done: @escaping @ServerLoopActor @Sendable () -> Void) {
        // Players' requests still queued go before the undo, in the order they were decided.
        sendPlayerRequests()
        isShuttingDown = true
        ticker?.cancel()
        let counter = WorkCounter { [weak self] _ in
            // Once the streams' moves off them are answered: a canceller never goes from under its streams.
            self?.endAllCancellerProcesses()
            done()
        }
        for (serial, state) in enforced {
            // A stream's entries are cleared only when all its undos succeeded: after a lost
            // connection they stay for the next agent.
            let streamDone = WorkCounter { [weak self] succeeded in if succeeded { self?.clearJournal(stream: serial) } }
            if let duck = state.duck, !duck.userTookOver, !duck.isAtBase || state.isRamping {
                work(counter, streamDone) { actuator.setLevel(.streamVolume(duck.base), of: state.ref, then: $0) }
            }
            if let wasMuted = state.silencedWasMuted {
                work(counter, streamDone) { actuator.setMuted(wasMuted, of: state.ref, then: $0) }
            }
            if let original = state.movedFrom {
                work(counter, streamDone) { actuator.clearTarget(of: state.ref, backTo: original, then: $0) }
            }
            streamDone.sealed()
        }
        enforced = [:]
        unloadAllEchoCancellers(counter: counter)
        modules.restoreAll(counter: counter)
        restorePending(adopted: true, counter: counter)
        counter.sealed()
    }

    /// Restores the journal's pending entries that no enforced stream has taken over.
    private func restorePending(adopted everything: Bool, counter: WorkCounter) {
        // `everything`: the agent is stopping, so no decision keeps anything. Modules are the
        // steward's: a crashed agent's unloads stay while this agent does their job, or came back
        // at start when this policy leaves them.
        for (serial, restores) in pendingRestoresByStream {
            let kept = everything ? nil : enforced[serial]
            if let (ref, stream) = table.stream(withSerial: serial) {
                restoreLive(ref, stream, restores, keeping: kept, counter: counter)
            } else if kept == nil {
                repairEnded(serial, restores, counter: counter)
            }
        }
    }

    private func restoreLive(
        _ ref: ServerStreamRef, _ stream: SoundStream, _ restores: [PendingRestore], keeping kept: EnforcedStream?,
        counter: WorkCounter
    ) {
        var restoring = false
        // The server saves the stream's restored values a moment later; until then a loss of the
        // server hands them over (``RecentRepairs``).
        if kept == nil, let repair = PulseRestoreRepair(journalled: restores) { rememberRepair(repair) }
        for restore in restores {
            switch restore {
            case .volume(_, .streamVolume(let base), let appliedLevel) where kept?.duck == nil:
                // Only a stream that still shows a level of the agent's is set back: its duck's, or
                // one on the ramp to or from it (an agent killed mid-ramp left the music at 74 % in
                // the 30-minute soak on pipewire-pulse). Any other volume is the user's.
                if let appliedLevel, StreamVolume(stream.volume).liesOnRamp(from: base, toAmplitude: appliedLevel) {
                    restoring = true
                    work(counter) { actuator.setLevel(.streamVolume(base), of: ref, then: $0) } then: { [weak self] in self?.clear(restore.key) }
                } else {
                    clear(restore.key)
                }
            case .silence(_, .mute(let wasMuted)) where kept?.silencedWasMuted == nil:
                restoring = true
                work(counter) { actuator.setMuted(wasMuted, of: ref, then: $0) } then: { [weak self] in self?.clear(restore.key) }
            case .volume(_, .nodeFactor, _) where kept?.duck == nil, .silence(_, .pause) where kept?.silencedWasMuted == nil:
                logger.warning(
                    "not undoing a native PipeWire agent's change: the pulse protocol cannot reach a node's Props factor or Pause",
                    metadata: ["stream.id": "\(ref.id)", "journal.key": "\(restore.key)"])
                clear(restore.key)
            case .device(_, let original) where kept?.movedFrom == nil:
                if actuator.canTarget(original, kind: deviceKind(of: ref)) {
                    restoring = true
                    work(counter) { actuator.setTarget(original, of: ref, then: $0) } then: { [weak self] in self?.clear(restore.key) }
                } else {
                    clear(restore.key)  // the device has gone: the stream stays where it is
                }
            case .restoreEntry where kept == nil:
                clear(restore.key)  // a live stream's restores put the server's values right
            case .volume, .silence, .device, .restoreEntry, .module, .cardProfile, .process, .clockSetting:
                break
            }
        }
        if restoring { logger.info("restoring a stream's journalled state", metadata: ["stream.id": "\(ref.id)"]) }
    }

    private func repairEnded(_ serial: StreamSerial, _ restores: [PendingRestore], counter: WorkCounter) {
        guard let repair = PulseRestoreRepair(journalled: restores) else {
            clearJournal(stream: serial)
            return
        }
        counter.begin()
        writeRepair(repair) { [weak self] succeeded in
            if succeeded { self?.clearJournal(stream: serial) }
            counter.finish(succeeded: succeeded)
        }
    }

    private func deviceKind(of ref: ServerStreamRef) -> SoundDevice.Kind { ref.kind == .playback ? .sink : .source }

    /// Sends one command counted by `counters`; `then` runs after a successful answer.
    private func work(
        _ counters: WorkCounter..., send: (@escaping @ServerLoopActor @Sendable (Bool) -> Void) -> Void, then: @escaping @ServerLoopActor @Sendable () -> Void = {}
    ) {
        for counter in counters { counter.begin() }
        send { succeeded in
            if succeeded { then() }
            for counter in counters { counter.finish(succeeded: succeeded) }
        }
    }
}
