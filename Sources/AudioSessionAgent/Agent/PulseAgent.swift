import AudioPolicy
import Logging
import PulseBackend
public import SoundServer

/// The policy agent on a PulseAudio-protocol server (PulseAudio, or PipeWire through
/// pipewire-pulse): connection, graph mirror, translator, coordinator, enforcer and journal wired
/// together.
///
/// The server's events reach the engine on the loop thread without a hop, and the engine's stream
/// decisions go back to the server from there (``PulseEnforcer``). Apps' calls go through
/// ``coordinator`` (the bus service's ``PolicyCoordinator/transact(_:)``), which takes the loop lock
/// first. Further sinks, such as the bus notifier, are added at ``start(policy:configuration:sinks:)``.
///
/// **Server modules.** The policy's `[server-modules]` table decides, through
/// ``ServerModulePlanner``, which of the server's own policy modules (module-role-cork, ...) the
/// agent takes over (journalled, unloaded while it runs, loaded again with their argument when it
/// stops) and which it leaves in charge (their roles' streams are marked
/// `audiosession.left-to-server` and the engine keeps off them). The plan is made again when a
/// module is loaded or unloaded and when ``PolicyCoordinator/handle(_:)`` gets `policyReplaced`.
///
/// **Nothing left behind.** Every change is journalled before it is made. ``shutdown()`` undoes all
/// of them at once; a new agent that finds a journal of the same server instance (the previous
/// one crashed) undoes, after ``PulseAgentConfiguration/recoveryGrace``, what no current decision
/// keeps.
///
/// **Disconnection.** When the server goes away ``run()`` throws
/// ``AgentError/Kind/connectionLost``. The agent is then done: ``leaveAfterLoss()`` tells the
/// coordinator that the server's streams and devices are gone, empties the ``PulseServerSeat`` and
/// closes the journal, which keeps what is still to be undone. The coordinator (sessions, their
/// configuration and activity) outlives it: a new agent started in the same seat when the server is
/// back applies the policy to the new graph (``ReconnectingAgentService`` does this). The restore
/// entries the lost agent still owed a repair (streams it held muted, ducked or moved) are handed
/// to that agent through the seat, which writes the user's values back on the new server first.
///
/// ```swift
/// let agent = try await PulseAgent.start(
///     policy: policy, configuration: PulseAgentConfiguration(journalDirectory: try .runtime()),
///     sinks: [notifier])
/// try await agent.run()          // until shutdown, cancellation or a lost server
/// await agent.shutdown()         // or run it as PulseAgentService in a ServiceGroup
/// ```
public final class PulseAgent: Sendable {
    /// The policy state: register sessions and read the engine through it.
    public let coordinator: PolicyCoordinator
    /// The server instance the agent serves (its journal's key).
    public let serverInstance: ServerInstance
    /// The journal of changes still to be undone.
    public let journal: Journal
    /// Where the agent's connection plugs into ``coordinator``.
    public let seat: PulseServerSeat

    let connection: PulseConnection
    let mirror: PulseGraphMirror
    let translator: GraphTranslator
    let enforcer: PulseEnforcer
    let recovery: PulseLoopTimer
    let deadlines: PolicyDeadlineTimer?
    let cards: CardFollower?
    let cardSwitcher: PulseCardSwitcher?
    let ending: AgentEnding
    let recoveryProgress: RecoveryProgress
    let logger: Logger

    private init(
        coordinator: PolicyCoordinator, serverInstance: ServerInstance, journal: Journal, seat: PulseServerSeat,
        connection: PulseConnection, mirror: PulseGraphMirror, translator: GraphTranslator, enforcer: PulseEnforcer,
        recovery: PulseLoopTimer, deadlines: PolicyDeadlineTimer?, cards: CardFollower?, cardSwitcher: PulseCardSwitcher?,
        ending: AgentEnding, recoveryProgress: RecoveryProgress, logger: Logger
    ) {
        self.coordinator = coordinator
        self.serverInstance = serverInstance
        self.journal = journal
        self.seat = seat
        self.connection = connection
        self.mirror = mirror
        self.translator = translator
        self.enforcer = enforcer
        self.recovery = recovery
        self.deadlines = deadlines
        self.cards = cards
        self.cardSwitcher = cardSwitcher
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
    public static func start(in seat: PulseServerSeat, coordinator: PolicyCoordinator) async throws(AgentError) -> PulseAgent {
        let configuration = seat.configuration
        let logger = configuration.logger
        let connection: PulseConnection
        let info: ServerInfo
        do {
            connection = try await PulseConnection.connect(
                server: configuration.server,
                properties: [
                    "application.name": "audiosessiond", "application.id": "org.audiosession.Agent",
                    StreamTranslation.agentProperty: "true",
                ])
            info = try await connection.serverInfo()
        } catch {
            throw AgentError(.connecting, error.description)
        }
        let address = configuration.server ?? connection.serverAddress
        await StaleJournalSweep(directory: configuration.journalDirectory, logger: logger)
            .run(current: info.instance.rawValue, address: address)
        let journal: Journal
        do {
            journal = try Journal.open(
                serverInstance: info.instance.rawValue, serverAddress: address, in: configuration.journalDirectory)
        } catch {
            connection.disconnect()
            throw AgentError(.journal, "\(error)")
        }
        if let quarantine = journal.quarantine {
            logger.error("the journal was damaged and moved aside", metadata: ["journal.problem": "\(quarantine)"])
        }

        let table = ServerStreamTable(instance: info.instance)
        let policy = coordinator.read { $0.engine.state.policy }
        let modules = ServerModuleSteward(
            settings: policy.serverModules, connection: connection, journal: journal, logger: logger)
        let enforcer = PulseEnforcer(
            connection: connection, journal: journal, table: table, modules: modules, pauser: configuration.pauser,
            isPipeWirePulse: info.isPipeWirePulse, logger: logger)
        let translator = GraphTranslator(
            table: table, enforcer: enforcer, modules: modules,
            resolver: StreamSessionResolver(processes: LinuxProcessTable()), logger: logger)
        modules.leftModulesChanged = { [weak translator] in translator?.translateAgainSoon() }
        let ending = AgentEnding()
        let lostServerRepairs = LostServerRepairs<String, RestoreRepair>.taken(from: seat)
        connection.withLoopLocked {
            enforcer.start()
            enforcer.lostServerRepairs = lostServerRepairs
            enforcer.writeLostServerRepairs()
            translator.attach(to: coordinator) { PulseLoopTimer(on: connection, action: $0) }
        }

        let mirror: PulseGraphMirror
        do {
            mirror = try await PulseGraphMirror.start(on: connection) { event, graph in
                translator.handle(event, graph: graph)
                if case .connectionLost(let reason) = event { ending.finish(.lost(reason)) }
            }
        } catch {
            // Still owed: the next attempt's agent writes them.
            let unwritten = connection.withLoopLocked {
                translator.end()
                return enforcer.lostServerRepairs
            }
            seat.handOver(unwritten)
            connection.disconnect()
            // At once, not when the last reference goes: a next attempt opens the same journal.
            journal.close()
            throw AgentError(.connecting, error.description)
        }
        // Cards (Bluetooth profiles) are followed apart from the graph; without them the agent
        // still works, it only cannot switch a headset's profile.
        let cards: CardFollower?
        do {
            cards = try await CardFollower.start(on: connection, coordinator: coordinator, logger: logger)
        } catch {
            logger.warning("the sound server's cards cannot be followed", metadata: ["pulse.error": "\(error)"])
            cards = nil
        }
        let cardSwitcher = cards.map {
            PulseCardSwitcher(connection: connection, cards: $0.mirror, journal: journal, logger: logger)
        }
        let waiting = RecoveryProgress(isWaiting: !journal.pendingRestores.isEmpty)
        let recovery = PulseLoopTimer(on: connection) { [weak enforcer, weak cardSwitcher] in
            enforcer?.recoverJournal()
            cardSwitcher?.recoverJournal()
            waiting.finished()
        }
        // Time-limited decisions (an unplug hold's end) come from one timer armed for the engine's next deadline.
        let deadlines = coordinator.clock.map { clock in
            let timer = PolicyDeadlineTimer(clock: clock) { PulseLoopTimer(on: connection, action: $0) }
            timer.attach(to: coordinator)
            return timer
        }
        // The steward sees a new policy before the enforcer carries out the engine's decisions
        // about it, so a move the new policy leaves to the server is not made.
        seat.seat(
            connection,
            sinks: [SessionChangeWatcher(translator: translator), modules, enforcer] + (cardSwitcher.map { [$0] } ?? [])
                + (deadlines.map { [$0] } ?? []))
        connection.withLoopLocked {
            modules.begin(with: mirror.graph)
            translator.begin(with: mirror.graph)
            cards?.begin(coordinator: coordinator)
            if waiting.isWaiting {
                logger.info(
                    "a previous agent left changes to undo",
                    metadata: ["journal.pending": "\(journal.pendingRestores.count)", "server.instance": "\(info.instance)"])
                recovery.arm(after: configuration.recoveryGrace)
            }
        }
        logger.info("agent started", metadata: ["server.name": "\(info.name)", "server.instance": "\(info.instance)"])
        return PulseAgent(
            coordinator: coordinator, serverInstance: info.instance, journal: journal, seat: seat, connection: connection,
            mirror: mirror,
            translator: translator, enforcer: enforcer, recovery: recovery, deadlines: deadlines, cards: cards,
            cardSwitcher: cardSwitcher, ending: ending, recoveryProgress: waiting,
            logger: logger)
    }

    /// Whether changes a previous agent left in the journal are still waiting for the grace period
    /// (``PulseAgentConfiguration/recoveryGrace``) before they are undone.
    public var isRecoveryWaiting: Bool { recoveryProgress.isWaiting }

    /// Runs until ``shutdown()`` or until the task is cancelled (then returns; call ``shutdown()``).
    ///
    /// - Throws: ``AgentError/Kind/connectionLost`` when the server went away.
    public func run() async throws(AgentError) {
        if case .lost(let reason)? = await ending.wait() {
            throw AgentError(.connectionLost, reason)
        }
    }

    /// Undoes every change the agent made (volumes, mutes, moves, unloaded modules, and what a
    /// previous agent left),
    /// waits for the server to confirm, and disconnects. The journal is then empty. Safe to call
    /// more than once.
    public func shutdown() async {
        recovery.cancel()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            connection.withLoopLocked {
                translator.end()
                let cardSwitcher = cardSwitcher
                enforcer.undoAll {
                    guard let cardSwitcher else { return continuation.resume() }
                    cardSwitcher.undoAll { continuation.resume() }
                }
            }
        }
        stop()
        logger.info("agent stopped", metadata: ["journal.pending": "\(journal.pendingRestores.count)"])
    }

    /// Stops the agent as a crash would: nothing is undone and the journal keeps everything, for
    /// the next agent. For tests of recovery (a real crash is `kill -9`).
    public func abandon() {
        recovery.cancel()
        connection.withLoopLocked {
            translator.end()
            enforcer.abandon()
        }
        stop()
    }

    /// After ``run()`` threw ``AgentError/Kind/connectionLost``: stops acting (nothing can be
    /// undone on a server that is gone), lets go of players it paused without resuming them,
    /// hands the restore-entry repairs it owes to the next agent in the seat, leaves the seat,
    /// closes the journal (it stays on disk with what is pending, for the same instance should it
    /// come back, or to be discarded once it is known to be gone), and tells the coordinator that
    /// every stream and device of the server is gone. Sessions stay as they are.
    public func leaveAfterLoss() {
        recovery.cancel()
        let (gone, owed) = connection.withLoopLocked { () -> ([PolicyEvent], LostServerRepairs<String, RestoreRepair>) in
            let gone = translator.retire() + (cards?.retire() ?? [])
            // Entries of an earlier loss that this server never took are still owed.
            let owed = enforcer.lostServerRepairs.merging(enforcer.owedRestoreRepairs())
            enforcer.letGoOfPlayers()
            enforcer.abandon()
            return (gone, owed)
        }
        seat.handOver(owed)
        stop()
        journal.close()
        // Through the seat, now empty: no enforcer hears about streams of a server that is gone.
        for event in gone { coordinator.handle(event) }
        logger.info(
            "left the lost server", metadata: ["server.instance": "\(serverInstance)", "journal.pending": "\(journal.pendingRestores.count)"])
    }

    private func stop() {
        deadlines?.cancel()
        cards?.stop()
        seat.unseat(connection)
        mirror.stop()
        connection.disconnect()
        ending.finish(.stopped)
    }
}

extension PulseAgent: SeatedAgent {
    public typealias Configuration = PulseAgentConfiguration

    /// The agent's monotonic time: the pulse agent wakes the engine for its deadlines (an unplug hold).
    public static func makeClock() -> (any AgentClock)? { MonotonicAgentClock() }

    /// The server's name and version as it reports them ("pulseaudio 16.1"); empty before the first listing.
    public var serverDescription: String {
        mirror.graph.server.map { "\($0.name) \($0.version)" } ?? ""
    }

    /// The graph as the agent mirrors it now.
    public var graph: Graph { mirror.graph }
}
