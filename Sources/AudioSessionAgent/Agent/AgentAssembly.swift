import AudioPolicy
import Logging
import SoundServer

/// What ``SoundServerAgent`` gives a protocol's ``AgentConfiguration/connect(assembly:)``: the
/// steps every protocol takes the same way as it connects (the journal, the translator, the
/// enforcer's start with what the previous agent handed over, the mirror's handler). Opaque
/// outside the agent.
///
/// ```swift
/// let journal = try await assembly.openJournal(instance: instance, address: address)   // inside a protocol's connect
/// ```
public final class AgentAssembly: Sendable {
    let coordinator: PolicyCoordinator
    let ending: AgentEnding
    let logger: Logger
    private let journalDirectory: JournalDirectory
    private let seatHandedOver: @Sendable () -> (any Sendable)?
    private let seatHandOver: @Sendable (any Sendable) -> Void

    init(
        coordinator: PolicyCoordinator, configuration: some AgentConfiguration, ending: AgentEnding,
        takeHandedOver: @escaping @Sendable () -> (any Sendable)?, handOver: @escaping @Sendable (any Sendable) -> Void
    ) {
        self.coordinator = coordinator
        self.ending = ending
        logger = configuration.logger
        journalDirectory = configuration.journalDirectory
        seatHandedOver = takeHandedOver
        seatHandOver = handOver
    }

    /// Discards the journals of server instances that are gone (asking `probe` whether one still
    /// serves its address), then opens `instance`'s; a damaged one is moved aside and said.
    func openJournal(instance: ServerInstance, address: String?, probe: any ServerInstanceProbe) async throws(AgentError) -> Journal {
        var sweep = StaleJournalSweep(directory: journalDirectory, logger: logger)
        sweep.probe = probe
        await sweep.run(current: instance.rawValue, address: address)
        let journal: Journal
        do {
            journal = try Journal.open(serverInstance: instance.rawValue, serverAddress: address, in: journalDirectory)
        } catch {
            throw AgentError(.journal, "\(error)")
        }
        if let quarantine = journal.quarantine {
            logger.error("the journal was damaged and moved aside", metadata: ["journal.problem": "\(quarantine)"])
        }
        return journal
    }

    /// The translator that keeps `table`.
    func makeTranslator(
        table: ServerStreamTable, modules: (any ServerModulePlanning)? = nil, serverSetsClientSecurity: Bool = false
    ) -> GraphTranslator {
        GraphTranslator(
            table: table, modules: modules, resolver: StreamSessionResolver(processes: LinuxProcessTable()),
            logger: logger, serverSetsClientSecurity: serverSetsClientSecurity)
    }

    /// Starts `enforcer` with what the previous agent in the seat owed (written at once), and
    /// attaches `translator` to the coordinator, on `connection`'s loop.
    func startEnforcing(_ enforcer: some SeatedEnforcer, translator: GraphTranslator, on connection: any SeatedConnection) {
        let handedOver = seatHandedOver()
        connection.withSeatLocked {
            enforcer.start(taking: handedOver)
            translator.attach(to: coordinator) { connection.makeSeatTimer($0) }
        }
    }

    /// Gives a start that failed after ``startEnforcing(_:translator:on:)`` back: the translator
    /// stops, and what `enforcer` still owes is left for the next attempt's agent.
    func giveBack(_ enforcer: some SeatedEnforcer, translator: GraphTranslator, on connection: any SeatedConnection) {
        let unwritten = connection.withSeatLocked {
            translator.end()
            return enforcer.lostServerRepairs
        }
        seatHandOver(unwritten)
    }

    /// The mirror's handler: each event to `translator`, and what it changed of a known stream
    /// to `enforcer`, after the engine's decisions about it; a device's appearance also to the
    /// enforcer's echo cancellers starting, whose devices it may be; a lost connection ends the
    /// agent's run.
    func graphHandler(for translator: GraphTranslator, enforcer: some StreamDecisionEnforcer) -> @Sendable (GraphEvent, Graph) -> Void {
        let ending = ending
        return { event, graph in
            // The mirrors report on the loop thread, or while a closing caller holds the loop lock.
            ServerLoopActor.assumeIsolated {
                if let change = translator.handle(event, graph: graph) { enforcer.observe(change) }
                if case .deviceAppeared = event { enforcer.cancellers.devicesAppeared() }
            }
            if case .connectionLost(let reason) = event { ending.finish(.lost(reason)) }
        }
    }
}
