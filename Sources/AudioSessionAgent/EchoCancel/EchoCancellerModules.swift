import AudioPolicy
import Logging
import PulseBackend
import SoundServer

/// The echo cancellers of a PulseAudio server: `module-echo-cancel`, one per canceller, loaded
/// between the engine's masters with the agent's device names, so the DSP runs in the server's
/// process. The module creates its devices before it answers the load: a canceller is ready with
/// the answer. Unloads are answered too, and counted when the agent stops.
///
/// Isolated to the server loop (``ServerLoopActor``), as its owner is.
///
/// ```swift
/// let modules = EchoCancellerModules(connection: connection, table: table, logger: logger)
/// modules.begin(owner: steward)
/// modules.start(configuration)   // steward.echoCancellerReady(id, waiting:) once the load is answered
/// ```
@ServerLoopActor
final class EchoCancellerModules: EchoCancellerHost {
    /// One canceller module, loading or loaded.
    private struct Module {
        var configuration: NativeEchoCancellerConfiguration
        /// The server's module index, once the load is answered.
        var index: UInt32?
        /// Streams to move onto it once it is loaded.
        var waitingMoves: [StreamID] = []
        /// The engine no longer needs it: unloaded as soon as the load is answered.
        var endWhenLoaded = false
    }

    private let connection: PulseConnection
    private let table: ServerStreamTable
    private let logger: Logger
    private weak var owner: (any EchoCancellerOwner)?
    private var modules: [EchoCancellerID: Module] = [:]
    /// The agent is stopping or gone: a load answered from now on is unloaded at once.
    private var isEnded = false

    nonisolated init(connection: PulseConnection, table: ServerStreamTable, logger: Logger) {
        self.connection = connection
        self.table = table
        self.logger = logger
    }

    var configurations: [EchoCancellerID: NativeEchoCancellerConfiguration] { modules.mapValues(\.configuration) }

    func begin(owner: any EchoCancellerOwner) { self.owner = owner }

    func start(_ configuration: NativeEchoCancellerConfiguration) {
        let id = configuration.module.canceller.id
        guard !isEnded, modules[id] == nil else { return }
        modules[id] = Module(configuration: configuration)
        let argument = configuration.module.argument(sinkMaster: configuration.playbackMaster, sourceMaster: configuration.captureMaster)
        logger.info("loading an echo canceller", metadata: ["echo-cancel.id": "\(id)", "module.argument": "\(argument)"])
        connection.submitOnLoop(.loadModule(name: EchoCancellerModule.moduleName, argument: argument)) { [weak self] result in
            self?.loadAnswered(id, result)
        }
    }

    private func loadAnswered(_ id: EchoCancellerID, _ result: Result<UInt32?, PulseError>) {
        guard var module = modules[id] else { return }
        guard case .success(let index?) = result else {
            if case .failure(let error) = result {
                logger.error(
                    "cannot load an echo canceller: the call's audio stays unprocessed",
                    metadata: ["echo-cancel.id": "\(id)", "pulse.error": "\(error)"])
            }
            modules[id] = nil
            owner?.echoCancellerGaveUp(id)
            return
        }
        module.index = index
        let waiting = module.waitingMoves
        module.waitingMoves = []
        modules[id] = module
        guard !module.endWhenLoaded, !isEnded else { return unload(id) }
        owner?.echoCancellerReady(id, waiting: waiting)
    }

    func isReady(_ id: EchoCancellerID) -> Bool { modules[id]?.index != nil }

    func waitToMove(_ stream: StreamID, onto id: EchoCancellerID) {
        modules[id]?.waitingMoves.append(stream)
    }

    /// The module's devices exist once its load is answered: nothing to look for.
    func devicesAppeared() {}

    func end(_ id: EchoCancellerID) {
        guard modules[id]?.index != nil else {
            modules[id]?.endWhenLoaded = true
            return
        }
        unload(id)
    }

    private func unload(_ id: EchoCancellerID, counter: WorkCounter? = nil) {
        guard let index = modules.removeValue(forKey: id)?.index else { return }
        logger.info("unloading an echo canceller", metadata: ["echo-cancel.id": "\(id)"])
        let logger = logger
        counter?.begin()
        connection.submitOnLoop(.unloadModule(index: index)) { result in
            if case .failure(let error) = result {
                logger.warning("cannot unload an echo canceller", metadata: ["echo-cancel.id": "\(id)", "pulse.error": "\(error)"])
            }
            counter?.finish(succeeded: result.isSuccess)
        }
    }

    /// Unloads every module loaded; one still loading is unloaded when its load is answered.
    func endAll(counter: WorkCounter) {
        isEnded = true
        for id in modules.keys.sorted() where modules[id]?.index != nil { unload(id, counter: counter) }
    }

    /// Unloads any module-echo-cancel with an agent's device names that this agent did not load.
    func endLeftovers(counter: WorkCounter) {
        let mine = Set(modules.values.compactMap(\.index))
        for module in table.graph.modules.values.sorted(by: { $0.index < $1.index })
        where EchoCancellerModule.isAgentCanceller(moduleName: module.name, argument: module.argument) && !mine.contains(module.index) {
            logger.info("unloading an echo canceller a previous agent left", metadata: ["module.index": "\(module.index)"])
            counter.begin()
            connection.submitOnLoop(.unloadModule(index: module.index)) { result in counter.finish(succeeded: result.isSuccess) }
        }
    }

    /// The modules stay loaded, as a killed agent leaves them: the next agent unloads them
    /// (``endLeftovers(counter:)``).
    func abandon() {
        isEnded = true
        modules = [:]
    }
}
