import AudioPolicy
import Logging
import PipeWireBackend
public import SoundServer

/// The policy agent on PipeWire's native protocol, beside WirePlumber: connection, graph mirror,
/// translator, coordinator, enforcer and journal wired together, as ``PulseAgent`` wires them for
/// the pulse protocol.
///
/// WirePlumber links streams and restores their state; the agent ducks with the node's Props
/// `volume` factor (the user's `channelVolumes` stay WirePlumber's and the user's), pauses nodes
/// and sets `target.object` (``PipeWireEnforcer``). The registry mirror becomes the same
/// ``Graph`` the pulse backend fills (``PipeWireGraphTranslation``), so the translator, the engine's
/// events and the routes are shared.
///
/// Server events reach the engine on the loop thread without a hop; apps' calls take the loop
/// lock first (the coordinator's outer lock, through the ``PipeWireServerSeat``). Every change is
/// journalled before it is made; ``shutdown()`` undoes all of them, and a new agent on the same
/// server instance undoes, after the grace period, what a crashed one left.
///
/// **Disconnection.** When the server goes away ``run()`` throws ``AgentError/Kind/connectionLost``.
/// The agent is then done: ``leaveAfterLoss()`` tells the coordinator that the server's streams and
/// devices are gone, empties the seat and closes the journal. The coordinator (sessions, their
/// configuration and activity) outlives it: ``ReconnectingAgentService`` starts a new agent in the
/// same seat when PipeWire is back, which discards the old instance's journal (a restarted PipeWire
/// is a new instance with nothing of the old one's to restore) and applies the policy to the new graph.
///
/// ```swift
/// let agent = try await PipeWireAgent.start(
///     policy: policy, configuration: PipeWireAgentConfiguration(journalDirectory: try .runtime()),
///     sinks: [notifier])
/// try await agent.run()
/// await agent.shutdown()
/// ```
public final class PipeWireAgent: Sendable {
    /// The policy state: register sessions and read the engine through it.
    public let coordinator: PolicyCoordinator
    /// The server instance the agent serves (its journal's key).
    public let serverInstance: ServerInstance
    /// The journal of changes still to be undone.
    public let journal: Journal
    /// The server's version, as its core reports it.
    public let serverVersion: String
    /// Where the agent's connection plugs into ``coordinator``.
    public let seat: PipeWireServerSeat

    let connection: PipeWireConnection
    let mirror: PipeWireGraphMirror
    let translator: GraphTranslator
    let enforcer: PipeWireEnforcer
    let recovery: PipeWireLoopTimer
    let deadlines: PolicyDeadlineTimer?
    let ending: AgentEnding
    let logger: Logger

    private init(
        coordinator: PolicyCoordinator, serverInstance: ServerInstance, journal: Journal, serverVersion: String,
        seat: PipeWireServerSeat, connection: PipeWireConnection, mirror: PipeWireGraphMirror, translator: GraphTranslator,
        enforcer: PipeWireEnforcer, recovery: PipeWireLoopTimer, deadlines: PolicyDeadlineTimer?, ending: AgentEnding,
        logger: Logger
    ) {
        self.coordinator = coordinator
        self.serverInstance = serverInstance
        self.journal = journal
        self.serverVersion = serverVersion
        self.seat = seat
        self.connection = connection
        self.mirror = mirror
        self.translator = translator
        self.enforcer = enforcer
        self.recovery = recovery
        self.deadlines = deadlines
        self.ending = ending
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
    public static func start(in seat: PipeWireServerSeat, coordinator: PolicyCoordinator) async throws(AgentError) -> PipeWireAgent {
        let configuration = seat.configuration
        let logger = configuration.logger
        let connection: PipeWireConnection
        do {
            connection = try await PipeWireConnection.connect(
                remote: configuration.remote, applicationName: "audiosessiond", logger: logger)
        } catch {
            throw AgentError(.connecting, "PipeWire: \(error.description)")
        }
        guard let server = connection.serverInfo else {
            connection.close()
            throw AgentError(.connecting, "the PipeWire core sent no info about itself")
        }
        let instance = PipeWireGraphTranslation.instance(of: server)
        // The socket's path, so that a later agent can ask whether this instance still serves it.
        let address = configuration.remote.flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? AgentBackend.pipeWireSocket(environment: AgentBackend.processEnvironment(adding: configuration.remote))
        var sweep = StaleJournalSweep(directory: configuration.journalDirectory, logger: logger)
        sweep.probe = PipeWireServerInstanceProbe()
        await sweep.run(current: instance.rawValue, address: address)
        let journal: Journal
        do {
            journal = try Journal.open(
                serverInstance: instance.rawValue, serverAddress: address, in: configuration.journalDirectory)
        } catch {
            connection.close()
            throw AgentError(.journal, "\(error)")
        }
        if let quarantine = journal.quarantine {
            logger.error("the journal was damaged and moved aside", metadata: ["journal.problem": "\(quarantine)"])
        }

        let table = ServerStreamTable(instance: instance)
        let enforcer = PipeWireEnforcer(
            connection: connection, journal: journal, table: table, pauser: configuration.pauser, logger: logger)
        enforcer.cancellerProcesses.remote = configuration.remote
        let translator = GraphTranslator(
            table: table, enforcer: enforcer, modules: nil,
            resolver: StreamSessionResolver(processes: LinuxProcessTable()), logger: logger,
            serverSetsClientSecurity: true)
        // Time-limited decisions (an unplug hold's end, the relink grace) come from one timer
        // armed for the engine's next deadline.
        let deadlines = coordinator.clock.map { clock in
            PolicyDeadlineTimer(clock: clock) { PipeWireLoopTimer(on: connection, action: $0) }
        }
        deadlines?.attach(to: coordinator)
        let mirror = PipeWireGraphMirror(connection: connection, instance: instance, logger: logger)
        let ending = AgentEnding()
        let isWaiting = !journal.pendingRestores.isEmpty
        let recovery = PipeWireLoopTimer(on: connection) { [weak enforcer] in enforcer?.recoverJournal() }
        let lostServerRepairs = LostServerRepairs<WirePlumberRestoreKey, OwedStreamValues>.taken(from: seat)
        connection.withLoopLocked {
            enforcer.start()
            enforcer.lostServerRepairs = lostServerRepairs
            enforcer.writeLostServerRepairs()
            translator.attach(to: coordinator) { PipeWireLoopTimer(on: connection, action: $0) }
        }
        // Seated before the engine hears of the graph, so that what it decides about the streams
        // found (a ducking session that outlived the last server ducks the new music) is carried out.
        seat.seat(
            connection,
            sinks: [SessionChangeWatcher(translator: translator), enforcer] + (deadlines.map { [$0] } ?? []))
        connection.withLoopLocked {
            let graph = mirror.start { event, graph in
                translator.handle(event, graph: graph)
                if case .connectionLost(let reason) = event { ending.finish(.lost(reason)) }
            }
            translator.begin(with: graph)
            mirror.cards.begin(coordinator: coordinator)
            if isWaiting {
                logger.info(
                    "a previous agent left changes to undo",
                    metadata: ["journal.pending": "\(journal.pendingRestores.count)", "server.instance": "\(instance)"])
                recovery.arm(after: configuration.recoveryGrace)
            }
        }
        logger.info("agent started", metadata: ["server.name": "PipeWire \(server.version)", "server.instance": "\(instance)"])
        return PipeWireAgent(
            coordinator: coordinator, serverInstance: instance, journal: journal, serverVersion: server.version, seat: seat,
            connection: connection, mirror: mirror, translator: translator, enforcer: enforcer, recovery: recovery,
            deadlines: deadlines,
            ending: ending, logger: logger)
    }

    /// Runs until ``shutdown()`` or until the task is cancelled (then returns; call ``shutdown()``).
    ///
    /// - Throws: ``AgentError/Kind/connectionLost`` when the server went away.
    public func run() async throws(AgentError) {
        if case .lost(let reason)? = await ending.wait() {
            throw AgentError(.connectionLost, reason)
        }
    }

    /// Undoes every change the agent made (volume factors, pauses, moves, and what a previous agent
    /// left), waits for the server to take the commands, and disconnects. Safe to call more than once.
    public func shutdown() async {
        recovery.cancel()
        deadlines?.cancel()
        let undone = connection.withLoopLocked { () -> [StreamSerial] in
            translator.end()
            return enforcer.undoAll()
        }
        do {
            // Bounded: a server that stopped answering must not keep the agent from exiting; what
            // it did not confirm stays in the journal for the next agent.
            try await connection.sync(timeout: .seconds(5))
            for serial in undone { try journal.clear(stream: serial) }
        } catch {
            logger.error("not every change could be undone; the journal keeps them", metadata: ["agent.error": "\(error)"])
        }
        stop()
        logger.info("agent stopped", metadata: ["journal.pending": "\(journal.pendingRestores.count)"])
    }

    /// Stops the agent as a crash would: nothing is undone and the journal keeps everything.
    public func abandon() {
        recovery.cancel()
        deadlines?.cancel()
        connection.withLoopLocked {
            translator.end()
            enforcer.abandon()
        }
        stop()
    }

    /// After ``run()`` threw ``AgentError/Kind/connectionLost``: stops acting (nothing can be undone
    /// on a server that is gone), lets go of players it paused without resuming them, leaves the
    /// seat, closes the journal (it stays on disk until a later agent finds its instance gone), and
    /// tells the coordinator that every stream and device of the server is gone. Sessions stay.
    public func leaveAfterLoss() {
        recovery.cancel()
        let (gone, owed) = connection.withLoopLocked { () -> ([PolicyEvent], LostServerRepairs<WirePlumberRestoreKey, OwedStreamValues>) in
            let gone = translator.retire()
            // Keys of an earlier loss that no stream has come for yet are still to be repaired.
            let owed = enforcer.lostServerRepairs.merging(enforcer.owedRestoreEntries())
            enforcer.letGoOfPlayers()
            enforcer.abandon()
            return (gone, owed)
        }
        seat.handOver(owed)
        stop()
        // Through the seat, now empty: no enforcer hears about streams of a server that is gone.
        for event in gone { coordinator.handle(event) }
        logger.info(
            "left the lost server", metadata: ["server.instance": "\(serverInstance)", "journal.pending": "\(journal.pendingRestores.count)"])
    }

    /// The graph as the agent mirrors it now.
    public var graph: Graph { mirror.graph }

    private func stop() {
        seat.unseat(connection)
        connection.withLoopLocked { mirror.stop() }
        connection.close()
        journal.close()
        ending.finish(.stopped)
    }
}

extension PipeWireAgent: SeatedAgent {
    public typealias Configuration = PipeWireAgentConfiguration

    /// The agent's monotonic time: the native agent wakes the engine for its deadlines (an unplug
    /// hold's end, the relink and ended-session graces) on a PipeWire loop timer.
    public static func makeClock() -> (any AgentClock)? { MonotonicAgentClock() }

    /// "PipeWire" and the version its core reports.
    public var serverDescription: String { "PipeWire \(serverVersion)" }
}
