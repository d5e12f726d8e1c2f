import AudioPolicy
import Logging
public import SoundServer

/// The policy agent on one sound server: connection, graph mirror, translator, coordinator,
/// enforcer and journal wired together, the same way whichever protocol `Configuration` reaches
/// (``PulseAgent`` on the pulse protocol, ``PipeWireAgent`` on PipeWire's own); what only one
/// protocol knows is its side, made by ``AgentConfiguration/connect(assembly:)``.
///
/// The server's events reach the engine on the loop thread without a hop, and the engine's
/// decisions go back to the server from there (the protocol's enforcer). Apps' calls go through
/// ``coordinator`` (the bus service's ``PolicyCoordinator/transact(_:)``), which takes the loop
/// lock first, through the ``seat``.
///
/// **Nothing left behind.** Every change is journalled before it is made. ``shutdown()`` undoes all
/// of them; a new agent that finds a journal of the same server instance (the previous one
/// crashed) undoes, after the configuration's `recoveryGrace`, what no current decision keeps.
///
/// **Disconnection.** When the server goes away ``run()`` throws ``AgentError/Kind/connectionLost``.
/// The agent is then done: ``leaveAfterLoss()`` tells the coordinator that the server's streams and
/// devices are gone, empties the seat and closes the journal, which keeps what is still to be
/// undone. The coordinator (sessions, their configuration and activity) outlives it: a new agent
/// started in the same seat when the server is back applies the policy to the new graph
/// (``ReconnectingAgentService`` does this). The saved stream states the lost agent still owed a
/// repair (streams it held muted, ducked or moved) are handed to that agent through the seat, which
/// repairs them on the new server first.
///
/// ```swift
/// let agent = try await PulseAgent.start(
///     policy: policy, configuration: PulseAgentConfiguration(journalDirectory: try .runtime()),
///     sinks: [notifier])
/// try await agent.run()          // until shutdown, cancellation or a lost server
/// await agent.shutdown()         // or run it as PulseAgentService in a ServiceGroup
/// ```
public final class SoundServerAgent<Configuration: AgentConfiguration>: Sendable {
    /// The policy state: register sessions and read the engine through it.
    public let coordinator: PolicyCoordinator
    /// The server instance the agent serves (its journal's key).
    public let serverInstance: ServerInstance
    /// The journal of changes still to be undone.
    public let journal: Journal
    /// Where the agent's connection plugs into ``coordinator``.
    public let seat: ServerSeat<SoundServerAgent>

    let side: any ServerSide
    let recovery: any LoopTimer
    let deadlines: PolicyDeadlineTimer?
    let ending: AgentEnding
    let recoveryProgress: RecoveryProgress
    let logger: Logger

    private init(
        coordinator: PolicyCoordinator, seat: ServerSeat<SoundServerAgent>, side: any ServerSide, recovery: any LoopTimer,
        deadlines: PolicyDeadlineTimer?, ending: AgentEnding, recoveryProgress: RecoveryProgress, logger: Logger
    ) {
        self.coordinator = coordinator
        serverInstance = side.instance
        journal = side.journal
        self.seat = seat
        self.side = side
        self.recovery = recovery
        self.deadlines = deadlines
        self.ending = ending
        self.recoveryProgress = recoveryProgress
        self.logger = logger
    }

    /// Connects and serves `coordinator`, which outlives this agent: its sessions (and their
    /// activity) stay, and the policy in force is applied to the graph found. Before its own
    /// journal is opened, journals of server instances that no longer exist are discarded
    /// (``StaleJournalSweep``).
    ///
    /// - Parameters:
    ///   - seat: an empty seat, `coordinator`'s outer lock and first sink; its configuration says
    ///     how to reach the server and where the journal lives.
    ///   - coordinator: made with `seat` as its outer lock and first decision sink.
    /// - Throws: ``AgentError`` when the server cannot be reached or the journal cannot be opened.
    public static func start(in seat: ServerSeat<SoundServerAgent>, coordinator: PolicyCoordinator) async throws(AgentError)
        -> SoundServerAgent
    {
        let configuration = seat.configuration
        let logger = configuration.logger
        let ending = AgentEnding()
        let assembly = AgentAssembly(
            coordinator: coordinator, configuration: configuration, ending: ending,
            takeHandedOver: { seat.takeHandedOver() }, handOver: { seat.handOver($0) })
        let side = try await configuration.connect(assembly: assembly).side
        let connection = side.connection
        let waiting = RecoveryProgress(isWaiting: !side.journal.pendingRestores.isEmpty)
        let recovery = connection.makeSeatTimer { [weak side] in
            side?.recoverJournal()
            waiting.finished()
        }
        // Time-limited decisions (an unplug hold's end, the relink grace) come from one timer
        // armed for the engine's next deadline.
        let deadlines = coordinator.clock.map { clock in
            let timer = PolicyDeadlineTimer(clock: clock) { connection.makeSeatTimer($0) }
            timer.attach(to: coordinator)
            return timer
        }
        // Seated before the engine hears of the graph, so that what it decides about the streams
        // found (a ducking session that outlived the last server ducks the new music) is carried out.
        seat.seat(
            connection,
            sinks: [SessionChangeWatcher(translator: side.translator)] + side.sinks + (deadlines.map { [$0] } ?? []))
        connection.withSeatLocked {
            side.begin(coordinator: coordinator)
            if waiting.isWaiting {
                logger.info(
                    "a previous agent left changes to undo",
                    metadata: ["journal.pending": "\(side.journal.pendingRestores.count)", "server.instance": "\(side.instance)"])
                recovery.arm(after: configuration.recoveryGrace)
            }
        }
        logger.info("agent started", metadata: ["server.name": "\(side.serverDescription)", "server.instance": "\(side.instance)"])
        return SoundServerAgent(
            coordinator: coordinator, seat: seat, side: side, recovery: recovery, deadlines: deadlines, ending: ending,
            recoveryProgress: waiting, logger: logger)
    }

    /// Whether changes a previous agent left in the journal are still waiting for the grace period
    /// (the configuration's `recoveryGrace`) before they are undone.
    public var isRecoveryWaiting: Bool { recoveryProgress.isWaiting }

    /// Runs until ``shutdown()`` or until the task is cancelled (then returns; call ``shutdown()``).
    ///
    /// - Throws: ``AgentError/Kind/connectionLost`` when the server went away.
    public func run() async throws(AgentError) {
        if case .lost(let reason)? = await ending.wait() {
            throw AgentError(.connectionLost, reason)
        }
    }

    /// Undoes every change the agent made (volumes, mutes, pauses, moves, unloaded modules, card
    /// profiles, and what a previous agent left), waits for the server to take the commands
    /// (bounded: what it did not confirm stays in the journal), and disconnects. Safe to call more
    /// than once.
    public func shutdown() async {
        recovery.cancel()
        deadlines?.cancel()
        side.connection.withSeatLocked { side.translator.end() }
        await side.undoAll()
        stop()
        logger.info("agent stopped", metadata: ["journal.pending": "\(journal.pendingRestores.count)"])
    }

    /// Stops the agent as a crash would: nothing is undone and the journal keeps everything, for
    /// the next agent. For tests of recovery (a real crash is `kill -9`).
    public func abandon() {
        recovery.cancel()
        deadlines?.cancel()
        side.connection.withSeatLocked {
            side.translator.end()
            side.abandon()
        }
        stop()
    }

    /// After ``run()`` threw ``AgentError/Kind/connectionLost``: stops acting (nothing can be
    /// undone on a server that is gone), lets go of players it paused without resuming them,
    /// hands the saved-state repairs it owes to the next agent in the seat, leaves the seat,
    /// closes the journal (it stays on disk with what is pending, for the same instance should it
    /// come back, or to be discarded once it is known to be gone), and tells the coordinator that
    /// every stream and device of the server is gone. Sessions stay as they are.
    public func leaveAfterLoss() {
        recovery.cancel()
        deadlines?.cancel()
        let (gone, owed) = side.connection.withSeatLocked { () -> ([PolicyEvent], any Sendable) in
            let streams = side.translator.retire()
            let retired = side.retire()
            return (streams + retired.gone, retired.owed)
        }
        seat.handOver(owed)
        stop()
        // Through the seat, now empty: no enforcer hears about streams of a server that is gone.
        for event in gone { coordinator.handle(event) }
        logger.info(
            "left the lost server", metadata: ["server.instance": "\(serverInstance)", "journal.pending": "\(journal.pendingRestores.count)"])
    }

    private func stop() {
        seat.unseat(side.connection)
        side.stop()
        // At once, not when the last reference goes: a next agent opens the same journal.
        journal.close()
        ending.finish(.stopped)
    }
}

extension SoundServerAgent: SeatedAgent, ServedAgent {
    /// The agent's monotonic time: the agent wakes the engine for its deadlines (an unplug hold's
    /// end, the relink and ended-session graces) on a loop timer.
    public static func makeClock() -> (any AgentClock)? { MonotonicAgentClock() }

    /// The server's name and version as it reports them ("pulseaudio 16.1", "PipeWire 1.4.2").
    public var serverDescription: String { side.serverDescription }

    /// The graph as the agent mirrors it now.
    public var graph: Graph { side.graph }
}
