/// What the agent's life cycle asks of an enforcer, whichever protocol it speaks
/// (``PulseEnforcer``, ``PipeWireEnforcer``): start, take over what an agent that lost the server
/// still owed, and say what this one owes when it loses the server in turn. Loop lock held for all.
@ServerLoopActor
protocol SeatedEnforcer: EnforcementCore, StreamDecisionEnforcer {
    /// What the previous agent in the seat owed when it lost the server, still to be written, by
    /// restore entry (a stream-restore entry's name, a WirePlumber key).
    var lostServerRepairs: LostServerRepairs<String, OwedStreamValues> { get set }
    /// Takes the journal's pending entries over and starts acting.
    func start()
    /// Writes ``lostServerRepairs`` to the server.
    func writeLostServerRepairs()
    /// What this agent owes the saved stream states if the server went away now.
    func owedRestoreRepairs() -> [String: OwedStreamValues]
    /// Whether the agent is stopping (or gone): no decision is carried out any more.
    var isShuttingDown: Bool { get set }
    /// Pauses and resumes the players of streams it silences, over MPRIS.
    var pauser: (any StreamPauser)? { get }
    /// Hands the player requests that wait for the loop's next turn over now.
    func sendPlayerRequests()
    /// What the protocol still does to stop, beyond the core's undo (every command counted by
    /// `counter`): its own timers stop, and what they would still have written is written now.
    func finishProtocolWork(counter: WorkCounter)
    /// Forgets what the protocol keeps beyond the core's records and stops its timers, as a crash
    /// would: the journal keeps everything.
    func dropProtocolState()
}

extension SeatedEnforcer {
    /// Starts with what the previous agent in the seat handed over (`handedOver`), written at once.
    func start(taking handedOver: (any Sendable)?) {
        start()
        lostServerRepairs = LostServerRepairs(handedOver: handedOver)
        writeLostServerRepairs()
    }

    /// After the server went away: what the next agent in the seat is to repair (what an earlier
    /// loss left and this server never took, and what this agent owes), with the players let go
    /// and the enforcer stopped.
    func retire() -> LostServerRepairs<String, OwedStreamValues> {
        let owed = lostServerRepairs.merging(owedRestoreRepairs())
        letGoOfPlayers()
        abandon()
        return owed
    }
}

extension PulseEnforcer: SeatedEnforcer {}
extension PipeWireEnforcer: SeatedEnforcer {}
