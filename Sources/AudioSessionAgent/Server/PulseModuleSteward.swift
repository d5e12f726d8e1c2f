import AudioPolicy
import Logging
import PulseBackend
import SoundServer

/// Carries the policy's `[server-modules]` choices out on the server, through
/// ``ServerModulePlanner`` alone: modules the policy takes over are journalled, then unloaded;
/// modules it leaves stay loaded and the translator marks the streams whose role they handle with
/// `audiosession.left-to-server`, so the engine neither targets nor triggers on them.
///
/// The plan is made again whenever it could change: at start, when someone loads or unloads a
/// module while the agent runs (the mirror's module events), and when the policy is replaced
/// (a `policyReplaced` event reaches this sink). A module the agent unloaded earlier that the new
/// policy leaves is loaded again with its journalled argument, unless it is loaded again already.
/// At shutdown every journalled module comes back (``restoreAll(counter:)``); after a crash the next
/// agent's start reloads those its policy leaves and keeps doing the job of those it takes over.
///
/// Isolated to the server loop (``ServerLoopActor``), like the translator and the enforcer: module
/// events arrive on the loop thread, decisions under the coordinator's outer lock (the loop lock).
@ServerLoopActor
final class PulseModuleSteward: LoopDecisionSink, ServerModulePlanning {
    private let connection: PulseConnection
    private let journal: Journal
    private let logger: Logger
    private var settings: Policy.ServerModules
    private var graph = Graph()
    /// Modules asked to unload that the graph still lists: not planned again.
    private var unloading: Set<UInt32> = []
    /// Journalled modules on their way back: not loaded twice.
    private var reloading: Set<RestoreKey> = []
    private var isStopped = false

    /// The plan for the modules loaded now: what is left to the server and what that handles.
    private(set) var plan = ServerModulePlan()

    /// Runs (loop lock held, inside a decision sink) when a new policy changed which modules are
    /// left, so streams are translated again at the loop's next turn.
    var leftModulesChanged: (@ServerLoopActor @Sendable () -> Void)?

    nonisolated init(settings: Policy.ServerModules, connection: PulseConnection, journal: Journal, logger: Logger) {
        self.settings = settings
        self.connection = connection
        self.journal = journal
        self.logger = logger
    }

    /// Plans the starting graph's modules; call before the translator begins, so the first
    /// translation already knows what is left to the server.
    func begin(with graph: Graph) {
        self.graph = graph
        reconcile()
    }

    /// A module was loaded, changed or unloaded: plans again. Returns whether the left modules
    /// changed, in which case the caller translates every stream again.
    func modulesChanged(in graph: Graph) -> Bool {
        self.graph = graph
        unloading.formIntersection(graph.modules.keys)
        return reconcile()
    }

    /// Whether the policy leaves choosing devices to a server module (module-intended-roles,
    /// module-switch-on-connect): the agent's moves would fight it.
    var deviceChoiceModule: String? {
        plan.left.first { $0.job == .deviceChoice }?.module.name
    }

    func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
        guard case .policyReplaced(let policy) = event, policy.serverModules != settings else { return }
        settings = policy.serverModules
        logger.info("the new policy's server-module choices are applied")
        if reconcile() { leftModulesChanged?() }
    }

    // MARK: Planning

    /// Loads back what the policy no longer takes over, unloads what it does, and records what is
    /// left. Returns whether the left modules changed.
    @discardableResult
    private func reconcile() -> Bool {
        guard !isStopped else { return false }
        let loaded = graph.modules.values.filter { !unloading.contains($0.index) }
            .map { LoadedModule(index: $0.index, name: $0.name, argument: $0.argument) }
        reloadReleased(loaded: loaded)
        var next = ServerModulePlanner.plan(loaded: loaded, policy: settings)
        for unload in next.unloads where !takeOver(unload) {
            next.left.append(LeftModule(module: unload.module, job: ServerModulePlanner.job(of: unload.module, problems: &next.problems)))
        }
        next.unloads = []
        for problem in next.problems where !plan.problems.contains(problem) {
            logger.warning(
                "cannot tell which streams a server module handles: leaving every stream it could act on to it",
                metadata: ["module.problem": "\(problem)"])
        }
        for left in next.left where !plan.left.contains(left) {
            logger.info(
                "leaving a server policy module in charge",
                metadata: ["module.name": "\(left.module.name)", "module.job": "\(Self.summary(of: left.job))"])
        }
        let changed = next.left != plan.left
        plan = next
        return changed
    }

    /// Journals, then unloads; `false` when the journal cannot be written (the module stays loaded).
    private func takeOver(_ unload: ModuleUnload) -> Bool {
        let module = unload.module
        do {
            try journal.record(unload.journalEntry)
        } catch {
            logger.error(
                "leaving a policy module loaded: the journal cannot be written",
                metadata: ["module.name": "\(module.name)", "journal.error": "\(error)"])
            return false
        }
        logger.info("taking over a server policy module's job: unloading it while the agent runs", metadata: ["module.name": "\(module.name)"])
        unloading.insert(module.index)
        let logger = logger
        connection.submitOnLoop(.unloadModule(index: module.index)) { [weak self] result in
            guard case .failure(let error) = result else { return }
            logger.warning("cannot unload a policy module", metadata: ["module.name": "\(module.name)", "pulse.error": "\(error)"])
            self?.unloading.remove(module.index)
        }
        return true
    }

    /// Loads again the journalled modules the policy does not take over (any more).
    private func reloadReleased(loaded: [LoadedModule]) {
        let released = journal.pendingRestores.filter { restore in
            guard case .module(let name, _) = restore, !reloading.contains(restore.key) else { return false }
            return settings.choice(forModuleNamed: name) != .takeOver
        }
        guard !released.isEmpty else { return }
        restore(ServerModulePlanner.restorePlan(pending: released, loaded: loaded), counter: nil)
    }

    // MARK: Restoring

    /// Loads every journalled module again (the agent is stopping), skipping those loaded again
    /// already; `counter` counts the server's answers. No planning happens afterwards.
    func restoreAll(counter: WorkCounter) {
        isStopped = true
        let pending = journal.pendingRestores.filter { restore in
            if case .module = restore { !reloading.contains(restore.key) } else { false }
        }
        let loaded = graph.modules.values.filter { !unloading.contains($0.index) }
            .map { LoadedModule(index: $0.index, name: $0.name, argument: $0.argument) }
        restore(ServerModulePlanner.restorePlan(pending: pending, loaded: loaded), counter: counter)
    }

    /// Stops planning without loading anything back (a simulated crash).
    func abandon() { isStopped = true }

    private func restore(_ restore: ModuleRestorePlan, counter: WorkCounter?) {
        for done in restore.alreadyLoaded { clear(done.journalKey) }
        for reload in restore.reloads {
            logger.info(
                "loading a server policy module again", metadata: ["module.name": "\(reload.name)", "module.argument": "\(reload.argument)"])
            reloading.insert(reload.journalKey)
            counter?.begin()
            let logger = logger
            connection.submitOnLoop(.loadModule(name: reload.name, argument: reload.argument)) { [weak self] result in
                self?.reloading.remove(reload.journalKey)
                switch result {
                case .success: self?.clear(reload.journalKey)
                case .failure(let error):
                    logger.error(
                        "cannot load a server policy module again; the journal keeps it",
                        metadata: ["module.name": "\(reload.name)", "pulse.error": "\(error)"])
                }
                counter?.finish(succeeded: result.isSuccess)
            }
        }
    }

    /// A job in a few words, for the log.
    private static func summary(of job: LeftModule.Job) -> String {
        switch job {
        case .roles(let interaction):
            "roles \((interaction.triggerRoles.union(interaction.targetRoles)).sorted().joined(separator: ","))"
        case .unreadableRoles: "every role (unreadable argument)"
        case .deviceChoice: "device choice (the agent does not move streams)"
        case .cardPorts: "card ports"
        case .unknown: "unknown"
        }
    }

    private func clear(_ key: RestoreKey) {
        do { try journal.clear(key) } catch {
            logger.error("the journal cannot be written", metadata: ["journal.key": "\(key)", "journal.error": "\(error)"])
        }
    }
}
