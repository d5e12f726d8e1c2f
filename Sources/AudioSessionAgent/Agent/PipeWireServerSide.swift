import AudioPolicy
import Logging
import PipeWireBackend
import SoundServer

/// PipeWire's native side of a ``SoundServerAgent``: the connection, the registry mirror (with
/// its card follower) and the enforcer.
final class PipeWireServerSide: ServerSide {
    let instance: ServerInstance
    let journal: Journal
    let translator: GraphTranslator
    private let version: String
    private let pipewire: PipeWireConnection
    private let mirror: PipeWireGraphMirror
    /// The Devices that are Bluetooth cards, followed for the engine from ``begin(coordinator:)``.
    private let cards: PipeWireCardFollower
    private let enforcer: PipeWireEnforcer
    private let handler: PipeWireGraphMirror.Handler
    let logger: Logger

    private init(
        instance: ServerInstance, version: String, journal: Journal, translator: GraphTranslator,
        pipewire: PipeWireConnection, mirror: PipeWireGraphMirror, cards: PipeWireCardFollower, enforcer: PipeWireEnforcer,
        handler: @escaping PipeWireGraphMirror.Handler, logger: Logger
    ) {
        self.instance = instance
        self.version = version
        self.journal = journal
        self.translator = translator
        self.pipewire = pipewire
        self.mirror = mirror
        self.cards = cards
        self.enforcer = enforcer
        self.handler = handler
        self.logger = logger
    }

    static func connect(_ configuration: PipeWireAgentConfiguration, assembly: AgentAssembly) async throws(AgentError) -> PipeWireServerSide {
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
        let journal: Journal
        do {
            journal = try await assembly.openJournal(instance: instance, address: address, probe: PipeWireServerInstanceProbe())
        } catch {
            connection.close()
            throw error
        }
        let table = ServerStreamTable(instance: instance)
        let enforcer = PipeWireEnforcer(
            connection: connection, journal: journal, table: table, pauser: configuration.pauser, logger: logger)
        connection.withSeatLocked { enforcer.cancellerProcesses.remote = configuration.remote }
        let translator = assembly.makeTranslator(table: table, serverSetsClientSecurity: true)
        assembly.startEnforcing(enforcer, translator: translator, on: connection)
        return PipeWireServerSide(
            instance: instance, version: server.version, journal: journal, translator: translator, pipewire: connection,
            mirror: PipeWireGraphMirror(connection: connection, instance: instance),
            cards: PipeWireCardFollower(connection: connection, logger: logger),
            enforcer: enforcer, handler: assembly.graphHandler(for: translator, enforcer: enforcer), logger: logger)
    }

    var serverDescription: String { "PipeWire \(version)" }

    var connection: any SeatedConnection { pipewire }

    var graph: Graph { mirror.graph }

    var sinks: [any LoopDecisionSink] { [enforcer] }

    /// The mirror starts here, on the loop, so that its first events follow the graph the
    /// translator begins with.
    @ServerLoopActor func begin(coordinator: PolicyCoordinator) {
        let graph = mirror.start(handler)
        translator.begin(with: graph)
        cards.begin(coordinator: coordinator)
    }

    @ServerLoopActor func recoverJournal() { enforcer.recoverJournal() }

    func undoAll() async {
        let undone = pipewire.withSeatLocked {
            enforcer.undoAll {}
            return enforcer.takeUndoneAwaitingSync()
        }
        do {
            try await pipewire.sync(timeout: Self.undoAnswerLimit)
            for key in undone { try journal.clear(key) }
        } catch {
            logUnanswered(error)
        }
    }

    @ServerLoopActor func abandon() { enforcer.abandon() }

    @ServerLoopActor func retire() -> (gone: [PolicyEvent], owed: any Sendable) { ([], enforcer.retire()) }

    func stop() {
        pipewire.withSeatLocked {
            mirror.stop()
            cards.stop()
        }
        pipewire.close()
    }
}
