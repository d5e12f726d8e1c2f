import AudioSessionContract
import Logging
import PipeWireBackend
import SoundServer

extension PipeWireEnforcer {
    /// The restore entries repaired lately are written once more now, not at the settler's turn;
    /// the Starts that waited for a node to run are off (the agent will not see it run again).
    func finishProtocolWork(counter: WorkCounter) {
        startsAwaitingRun = []
        settle()
        settler?.cancel()
    }

    /// The journal entries undone while stopping, which may go once a round trip shows the server
    /// has the commands (``PipeWireConnection/sync()``): PipeWire answers none of them. Taken once.
    func takeUndoneAwaitingSync() -> [RestoreKey] {
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

    /// The timers stop (a simulated crash, or PipeWire gone).
    func dropProtocolState() {
        startsAwaitingRun = []
        settler?.cancel()
    }
}
