import AudioPolicy
import Logging
import SoundServer

/// One protocol's side of a ``SoundServerAgent``: its connection, graph mirror, translator and
/// enforcer, and what of the agent's life cycle only it knows how to do. The agent does the rest,
/// once for both protocols.
protocol ServerSide: AnyObject, Sendable {
    /// The server instance (the journal's key).
    var instance: ServerInstance { get }
    /// The server's name and version, for `GetStatus`.
    var serverDescription: String { get }
    /// The graph as mirrored now.
    var graph: Graph { get }
    /// The journal of the instance, opened through the assembly.
    var journal: Journal { get }
    /// Whose loop lock is the coordinator's outer lock, and whose timers wake the agent.
    var connection: any SeatedConnection { get }
    /// Where the side logs.
    var logger: Logger { get }
    /// Turns the mirror's events into the engine's.
    var translator: GraphTranslator { get }
    /// The sinks that carry the engine's decisions out on this server, in order.
    var sinks: [any LoopDecisionSink] { get }

    /// Tells the engine about the graph found and starts following it. Loop lock held.
    @ServerLoopActor func begin(coordinator: PolicyCoordinator)
    /// Undoes, once the grace period is over, what a crashed agent left. Loop thread.
    @ServerLoopActor func recoverJournal()
    /// Undoes every change and waits, at most ``undoAnswerLimit``, for the server to take the
    /// commands; what it did not confirm stays in the journal.
    func undoAll() async
    /// Stops acting as a crash would. Loop lock held.
    @ServerLoopActor func abandon()
    /// After the server went away: the devices it took along (beside the translator's), and what
    /// the next agent in the seat is to repair; the enforcer is stopped. Loop lock held.
    @ServerLoopActor func retire() -> (gone: [PolicyEvent], owed: any Sendable)
    /// Stops the mirror and disconnects (after the agent left the seat).
    func stop()
}

extension ServerSide {
    /// How long a shutdown waits for the server to answer the undo commands: a server that stopped
    /// answering (stopped with SIGSTOP, stuck) must not keep the agent from exiting; what it did
    /// not confirm stays in the journal for the next agent. Tested: `UnansweredShutdownTests`.
    static var undoAnswerLimit: Duration { .seconds(5) }

    /// Says that the server did not confirm every undo command in time.
    func logUnanswered(_ error: (any Error)? = nil) {
        logger.error(
            "not every change could be undone; the journal keeps them",
            metadata: error.map { ["agent.error": "\($0)"] } ?? [:])
    }
}
