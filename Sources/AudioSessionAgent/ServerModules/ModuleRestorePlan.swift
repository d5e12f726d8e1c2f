/// Which journalled modules to load again, from ``ServerModulePlanner/restorePlan(pending:loaded:)``.
///
/// ```swift
/// let restore = ServerModulePlanner.restorePlan(pending: journal.pendingRestores, loaded: modules)
/// for done in restore.alreadyLoaded { try journal.clear(done.journalKey) }
/// ```
public struct ModuleRestorePlan: Hashable, Sendable {
    /// Modules to load, in journal order.
    public var reloads: [ModuleReload]
    /// Journalled modules that are loaded again already (by the user, or by an agent that crashed
    /// after reloading but before clearing): only their journal entries remain to be cleared.
    public var alreadyLoaded: [ModuleReload]

    /// Creates a plan.
    public init(reloads: [ModuleReload] = [], alreadyLoaded: [ModuleReload] = []) {
        self.reloads = reloads
        self.alreadyLoaded = alreadyLoaded
    }
}
