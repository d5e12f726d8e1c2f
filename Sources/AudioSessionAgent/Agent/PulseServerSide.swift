import AudioPolicy
import Logging
import PulseBackend
import SoundServer

/// The pulse protocol's side of a ``SoundServerAgent``: the connection, the graph mirror, the
/// enforcer, the steward of the server's own policy modules, and the card follower and switcher.
final class PulseServerSide: ServerSide {
    let journal: Journal
    let translator: GraphTranslator
    private let info: ServerInfo
    private let pulse: PulseConnection
    private let mirror: PulseGraphMirror
    private let enforcer: PulseEnforcer
    private let modules: PulseModuleSteward
    private let cards: PulseCardFollower?
    private let cardSwitcher: PulseCardSwitcher?
    private let restoreFollower: PulseStreamRestoreFollower?
    let logger: Logger

    private init(
        info: ServerInfo, journal: Journal, translator: GraphTranslator, pulse: PulseConnection, mirror: PulseGraphMirror,
        enforcer: PulseEnforcer, modules: PulseModuleSteward, cards: PulseCardFollower?, cardSwitcher: PulseCardSwitcher?,
        restoreFollower: PulseStreamRestoreFollower?, logger: Logger
    ) {
        self.info = info
        self.journal = journal
        self.translator = translator
        self.pulse = pulse
        self.mirror = mirror
        self.enforcer = enforcer
        self.modules = modules
        self.cards = cards
        self.cardSwitcher = cardSwitcher
        self.restoreFollower = restoreFollower
        self.logger = logger
    }

    static func connect(_ configuration: PulseAgentConfiguration, assembly: AgentAssembly) async throws(AgentError) -> PulseServerSide {
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
        let journal: Journal
        do {
            journal = try await assembly.openJournal(
                instance: info.instance, address: configuration.server ?? connection.serverAddress,
                probe: PulseServerInstanceProbe())
        } catch {
            connection.disconnect()
            throw error
        }
        let table = ServerStreamTable(instance: info.instance)
        let policy = assembly.coordinator.read { $0.engine.state.policy }
        let modules = PulseModuleSteward(
            settings: policy.serverModules, connection: connection, journal: journal, logger: logger)
        let enforcer = PulseEnforcer(
            connection: connection, journal: journal, table: table, modules: modules, pauser: configuration.pauser,
            isPipeWirePulse: info.isPipeWirePulse, logger: logger)
        let translator = assembly.makeTranslator(table: table, modules: modules)
        connection.withSeatLocked { modules.leftModulesChanged = { [weak translator] in translator?.translateAgainSoon() } }
        assembly.startEnforcing(enforcer, translator: translator, on: connection)
        let mirror: PulseGraphMirror
        do {
            let handler = assembly.graphHandler(for: translator, enforcer: enforcer)
            mirror = try await PulseGraphMirror.start(on: connection, handler: handler)
        } catch {
            assembly.giveBack(enforcer, translator: translator, on: connection)
            connection.disconnect()
            // At once, not when the last reference goes: a next attempt opens the same journal.
            journal.close()
            throw AgentError(.connecting, error.description)
        }
        // Cards (Bluetooth profiles) are followed apart from the graph; without them the agent
        // still works, it only cannot switch a headset's profile.
        let cards: PulseCardFollower?
        do {
            cards = try await PulseCardFollower.start(on: connection, coordinator: assembly.coordinator, logger: logger)
        } catch {
            logger.warning("the sound server's cards cannot be followed", metadata: ["pulse.error": "\(error)"])
            cards = nil
        }
        let cardSwitcher = cards.map {
            PulseCardSwitcher(connection: connection, cards: $0.mirror, journal: journal, logger: logger)
        }
        let restoreFollower = await followRestoreStore(for: enforcer, on: connection, info: info, logger: logger)
        return PulseServerSide(
            info: info, journal: journal, translator: translator, pulse: connection, mirror: mirror, enforcer: enforcer,
            modules: modules, cards: cards, cardSwitcher: cardSwitcher, restoreFollower: restoreFollower, logger: logger)
    }

    /// Tells the enforcer of every change of PulseAudio's restore database, which saves the
    /// agent's values again at a held stream's change events. Without module-stream-restore there
    /// is nothing to follow; through pipewire-pulse the store is WirePlumber's (see
    /// ``PulseEnforcer/restoreStoreChanged()``).
    private static func followRestoreStore(
        for enforcer: PulseEnforcer, on connection: PulseConnection, info: ServerInfo, logger: Logger
    ) async -> PulseStreamRestoreFollower? {
        guard !info.isPipeWirePulse else { return nil }
        do {
            return try await PulseStreamRestoreFollower.start(on: connection) { [weak enforcer] in
                ServerLoopActor.assumeIsolated { enforcer?.restoreStoreChanged() }
            }
        } catch where error.code == .noExtension {
            return nil
        } catch {
            logger.warning("the restore database's changes cannot be followed", metadata: ["pulse.error": "\(error)"])
            return nil
        }
    }

    var instance: ServerInstance { info.instance }

    var serverDescription: String { "\(info.name) \(info.version)" }

    var connection: any SeatedConnection { pulse }

    var graph: Graph { mirror.graph }

    /// The steward sees a new policy before the enforcer carries out the engine's decisions about
    /// it, so a move the new policy leaves to the server is not made.
    var sinks: [any LoopDecisionSink] { [modules, enforcer] + (cardSwitcher.map { [$0] } ?? []) }

    @ServerLoopActor func begin(coordinator: PolicyCoordinator) {
        modules.begin(with: mirror.graph)
        translator.begin(with: mirror.graph)
        cards?.begin(coordinator: coordinator)
    }

    @ServerLoopActor func recoverJournal() {
        enforcer.recoverJournal()
        cardSwitcher?.recoverJournal()
    }

    /// Each entry leaves the journal as the server answers its command.
    func undoAll() async {
        let answered = OnceValue<Bool>()
        pulse.withSeatLocked {
            let cardSwitcher = cardSwitcher
            enforcer.undoAll {
                guard let cardSwitcher else { return answered.finish(true) }
                cardSwitcher.undoAll { answered.finish(true) }
            }
        }
        if await answered.wait(atMost: Self.undoAnswerLimit) == nil { logUnanswered() }
    }

    @ServerLoopActor func abandon() { enforcer.abandon() }

    @ServerLoopActor func retire() -> (gone: [PolicyEvent], owed: any Sendable) {
        let gone = cards?.retire() ?? []
        return (gone, enforcer.retire())
    }

    func stop() {
        restoreFollower?.stop()
        cards?.stop()
        mirror.stop()
        pulse.disconnect()
    }
}
