/// A module to load again as it was, from the journal, when the agent exits or after a crash.
///
/// ```swift
/// for reload in restore.reloads {
///     try await server.loadModule(reload.name, argument: reload.argument)  // pactl load-module NAME ARGUMENT
///     try journal.clear(reload.journalKey)
/// }
/// ```
public struct ModuleReload: Hashable, Sendable {
    /// The module's name.
    public var name: String
    /// The argument exactly as the module had it.
    public var argument: String

    /// Creates a value.
    public init(name: String, argument: String) {
        self.name = name
        self.argument = argument
    }

    /// The journal key to clear once the module is loaded again.
    public var journalKey: RestoreKey { .module(name: name, argument: argument) }
}
