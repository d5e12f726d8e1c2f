/// One step of taking server modules over, in the order the agent must carry them out.
///
/// ```swift
/// for action in plan.actions {
///     switch action {
///     case .journal(let entry): try journal.record(entry)
///     case .unload(let index, _): try await server.unloadModule(index)
///     }
/// }
/// ```
public enum ServerModuleAction: Hashable, Sendable {
    /// Record the entry in the journal (before the unload it describes).
    case journal(JournalEntry)
    /// Unload the module instance with this index (`pa_context_unload_module`).
    case unload(index: UInt32, name: String)
}
