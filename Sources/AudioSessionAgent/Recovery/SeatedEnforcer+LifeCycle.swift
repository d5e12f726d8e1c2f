import SoundServer

/// An enforcer's life cycle, written once for both protocols: the recovery of what a previous
/// agent left, the undo of everything when the agent stops, and the stop without an undo when the
/// server went away (or a crash is simulated). Each protocol says only what it keeps beyond the
/// core (``SeatedEnforcer/finishProtocolWork(counter:)``, ``SeatedEnforcer/dropProtocolState()``).
/// Loop lock held for all.
///
/// ```swift
/// enforcer.recoverJournal()   // after the grace period for sessions to re-register
/// enforcer.undoAll { journalIsEmpty() }   // the agent stops
/// ```
extension SeatedEnforcer {
    /// Undoes what a previous agent left in the journal (it crashed or was killed) for every stream
    /// no current decision keeps ducked, silenced or moved (``EnforcementCore/restorePending(keeping:counter:)``),
    /// and ends the echo cancellers it left: called once the grace period for sessions to
    /// re-register has passed. `done` runs once the server has answered everything.
    func recoverJournal(then done: @escaping @ServerLoopActor @Sendable () -> Void = {}) {
        let counter = WorkCounter { _ in done() }
        restorePending(keeping: enforced, counter: counter)
        cancellers.endLeftovers(counter: counter)
        counter.sealed()
    }

    /// Undoes every change at once (the agent is stopping): ramps stop, the streams get their
    /// user's level, mute or playing state and device back (``EnforcementCore/undoEnforced(counter:)``),
    /// the protocol finishes its own work, and what the journal still holds from a previous agent
    /// is restored too. The echo cancellers end once the streams' moves off them are answered, so a
    /// canceller never goes from under its streams. `done` runs once the server has answered
    /// everything; an entry leaves the journal as the server takes its undo (``EnforcementCore/undoTaken(_:)``).
    func undoAll(then done: @escaping @ServerLoopActor @Sendable () -> Void) {
        // Players' requests still queued go before the undo, in the order they were decided.
        sendPlayerRequests()
        isShuttingDown = true
        ticker?.cancel()
        let counter = WorkCounter { [weak self] _ in
            guard let self else { return done() }
            let ending = WorkCounter { _ in done() }
            // A previous agent's first: this one's are still in the graph until their ends are answered.
            cancellers.endLeftovers(counter: ending)
            cancellers.endAll(counter: ending)
            ending.sealed()
        }
        let undone = undoEnforced(counter: counter)
        finishProtocolWork(counter: counter)
        restorePending(keeping: undone, counter: counter)
        counter.sealed()
    }

    /// The server went away with the streams the agent silenced: their players' MPRIS pauses are
    /// let go of without a resume (the app decides, after MediaServicesReset, whether to play
    /// again).
    func letGoOfPlayers() {
        // The loop may not turn again: what is queued goes now, before the releases.
        sendPlayerRequests()
        for state in enforced.values where state.isSilenced {
            pauser?.release(state.last)
        }
    }

    /// Stops acting without undoing anything (a simulated crash, or the server gone): ramps stop,
    /// state is dropped, the journal keeps everything.
    func abandon() {
        isShuttingDown = true
        ticker?.cancel()
        dropProtocolState()
        owedWatches = [:]
        cancellers.abandon()
        enforced = [:]
    }
}

extension SeatedEnforcer {
    /// Where player requests are handed over at once, none waits.
    func sendPlayerRequests() {}
}
