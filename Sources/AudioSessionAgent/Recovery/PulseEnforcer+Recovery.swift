import Logging
import PulseBackend
import SoundServer

extension PulseEnforcer {
    /// Undoes what a previous agent left in the journal (it crashed or was killed) for every stream
    /// no current decision keeps ducked, silenced or moved (``EnforcementCore/restorePending(keeping:counter:)``),
    /// and ends the echo cancellers it left: called once the grace period for sessions to
    /// re-register has passed. `done` runs once the server has answered everything. Loop lock held.
    func recoverJournal(then done: @escaping @ServerLoopActor @Sendable () -> Void = {}) {
        let counter = WorkCounter { _ in done() }
        restorePending(keeping: enforced, counter: counter)
        cancellers.endLeftovers(counter: counter)
        counter.sealed()
    }

    /// Undoes every change at once (the agent is stopping): ramps stop, the streams get their
    /// user's volume, mute state and device back (``EnforcementCore/undoEnforced(counter:)``),
    /// unloaded server modules are loaded again (``PulseModuleSteward/restoreAll(counter:)``), and
    /// what the journal still holds from a previous agent is restored too. `done` runs (on the
    /// loop thread) once the server has answered everything; the journal is then empty. Loop lock held.
    func undoAll(then done: @escaping @ServerLoopActor @Sendable () -> Void) {
        // Players' requests still queued go before the undo, in the order they were decided.
        sendPlayerRequests()
        isShuttingDown = true
        ticker?.cancel()
        let counter = WorkCounter { [weak self] _ in
            // Once the streams' moves off them are answered: a canceller never goes from under its streams.
            guard let self else { return done() }
            let ending = WorkCounter { _ in done() }
            // A previous agent's first: this one's are still in the graph until their unloads are answered.
            cancellers.endLeftovers(counter: ending)
            cancellers.endAll(counter: ending)
            ending.sealed()
        }
        let undone = undoEnforced(counter: counter)
        modules.restoreAll(counter: counter)
        restorePending(keeping: undone, counter: counter)
        counter.sealed()
    }

    /// The server saves the stream's restored values a moment later; until then a loss of the
    /// server hands them over (``RecentRepairs``).
    func repairRestoreStore(ofRestored ref: ServerStreamRef, _ stream: SoundStream, journalled restores: [PendingRestore]) {
        let journalled = OwedStreamValues.journalled(restores)
        if let entry = journalled.entry { rememberRepair(entry, journalled.values) }
    }

    /// module-stream-restore's entry gets the journalled user values; a stream without an entry
    /// name has nothing saved to repair.
    func repairRestoreStore(
        ofEnded serial: StreamSerial, journalled restores: [PendingRestore], then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void
    ) {
        let journalled = OwedStreamValues.journalled(restores)
        guard let entry = journalled.entry, let repair = PulseRestoreRepair(entry: entry, owed: journalled.values) else { return done(true) }
        writeRepair(repair, then: done)
    }

    /// The server saves an undone stream's values in its restore entry by itself.
    func undid(_ state: EnforcedStream) {}
}
