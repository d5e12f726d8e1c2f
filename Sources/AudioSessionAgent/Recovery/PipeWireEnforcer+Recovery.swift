import AudioSessionContract
import Logging
import PipeWireBackend
import SoundServer

extension PipeWireEnforcer {
    /// Undoes what a previous agent left in the journal for every stream no current decision
    /// holds (``EnforcementCore/restorePending(keeping:counter:)``), and ends the echo
    /// cancellers it left: called once the grace period for sessions to re-register has passed.
    /// Loop lock held.
    func recoverJournal() {
        let counter = WorkCounter { _ in }
        cancellers.endLeftovers(counter: counter)
        restorePending(keeping: enforced, counter: counter)
        counter.sealed()
    }

    /// Undoes every change at once (the agent is stopping): ramps stop, ducked nodes get their own
    /// factor back, paused ones a Start (unless their client has corked them meanwhile), moved
    /// ones lose their `target.object` (``EnforcementCore/undoEnforced(counter:)``), and the
    /// journal's leftovers from a previous agent are undone too. Returns the journal entries that
    /// may go once the server has taken the commands (``PipeWireConnection/sync()``): PipeWire
    /// answers none of them. Loop lock held.
    func undoAll() -> [RestoreKey] {
        isShuttingDown = true
        ticker?.cancel()
        repauser?.cancel()
        let counter = WorkCounter { _ in }
        let undone = undoEnforced(counter: counter)
        settle()
        settler?.cancel()
        // After the moves off them: the metadata changes are queued before the processes end.
        cancellers.endAll(counter: counter)
        cancellers.endLeftovers(counter: counter)
        restorePending(keeping: undone, counter: counter)
        counter.sealed()
        defer { undoneAwaitingSync = [] }
        return undoneAwaitingSync
    }

    /// While the agent stops, an undone entry stays until a round trip shows the server has the
    /// commands (``undoAll()``); otherwise it goes at once.
    func undoTaken(_ keys: [RestoreKey]) {
        guard isShuttingDown else {
            for key in keys { clear(key) }
            return
        }
        undoneAwaitingSync += keys
    }

    /// WirePlumber saved the agent's factor or mute under the node's key: the user's go back there.
    func repairRestoreStore(ofRestored ref: ServerStreamRef, _ stream: SoundStream, journalled restores: [PendingRestore]) {
        guard let key = WirePlumberRestoreKey(stream.properties) else { return }
        repairRestoreEntry(key, owed: OwedStreamValues.journalled(restores).values)
    }

    /// A node that ended while a previous agent ducked or muted it (the agent was killed):
    /// WirePlumber saved the agent's factor or mute under the node's key, so the user's are
    /// written back there. PipeWire answers no metadata change: `done` runs at once.
    func repairRestoreStore(
        ofEnded serial: StreamSerial, journalled restores: [PendingRestore], then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void
    ) {
        let journalled = OwedStreamValues.journalled(restores)
        if let key = journalled.entry.flatMap(WirePlumberRestoreKey.init(rawValue:)), journalled.values.factor != nil || journalled.values.userMute != nil {
            logger.info(
                "repairing the saved volume and mute of a stream that ended ducked or muted",
                metadata: ["restore.key": "\(UntrustedText.excerpt(key.rawValue))"])
            repairRestoreEntry(key, owed: journalled.values)
        }
        done(true)
    }

    /// WirePlumber saved the agent's factor and mute: the user's are written back; the players
    /// the agent paused are let go of.
    func undid(_ state: EnforcedStream) {
        repairRestoreEntry(ofUserValues: state)
        if state.isSilenced { pauser?.release(state.last) }
    }

    /// The server went away with the nodes it paused: their players' MPRIS pauses are let go of
    /// without a resume (the app decides, after MediaServicesReset, whether to play again).
    func letGoOfPlayers() {
        for state in enforced.values where state.isSilenced {
            pauser?.release(state.last)
        }
    }

    /// Stops acting without undoing anything (a simulated crash): ramps stop, state is dropped.
    func abandon() {
        isShuttingDown = true
        ticker?.cancel()
        repauser?.cancel()
        settler?.cancel()
        enforced = [:]
        cancellers.abandon()
    }
}
