/// A loaded module whose argument could not be read, so the agent cannot tell which streams it
/// handles. The agent then leaves every stream with a role alone rather than risk a silent fight.
///
/// ```swift
/// for problem in plan.problems { logger.warning("\(problem)") }
/// // module-role-cork (#14): module argument "global=maybe": ...
/// ```
public struct ServerModuleProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The module.
    public var module: LoadedModule
    /// What is wrong with it.
    public var reason: String

    /// Creates a problem report.
    public init(module: LoadedModule, reason: String) {
        self.module = module
        self.reason = reason
    }

    /// `module-role-cork (#14): global="maybe" is not a boolean; ...`.
    public var description: String { "\(module.name) (#\(module.index)): \(reason)" }
}
