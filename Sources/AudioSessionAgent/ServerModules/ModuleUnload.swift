/// A module the agent takes over: the journal entry to record first, then the module to unload.
///
/// Recording first means a crash between the two leaves a reload that is harmless (the module is
/// still loaded, so the restore side skips it), never an unloaded module nobody knows about.
///
/// ```swift
/// for unload in plan.unloads {
///     try journal.record(unload.journalEntry)
///     try await server.unloadModule(unload.module.index)
/// }
/// ```
public struct ModuleUnload: Hashable, Sendable {
    /// The module as loaded.
    public var module: LoadedModule

    /// Creates a value.
    public init(module: LoadedModule) {
        self.module = module
    }

    /// What to journal before unloading: the name and the argument exactly as loaded.
    public var journalEntry: JournalEntry { .moduleUnloaded(name: module.name, argument: module.argument) }
}
