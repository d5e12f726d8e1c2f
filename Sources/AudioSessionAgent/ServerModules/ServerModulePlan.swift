/// What the agent does about the server's policy modules when it starts, from
/// ``ServerModulePlanner/plan(loaded:policy:)``.
///
/// ```swift
/// let plan = ServerModulePlanner.plan(loaded: modules, policy: policy.serverModules)
/// for unload in plan.unloads { /* journal, then unload */ }
/// stream.properties[StreamInfo.leftToServerKey] = plan.moduleHandling(role: stream.mediaRole)
/// ```
public struct ServerModulePlan: Hashable, Sendable {
    /// Modules to take over, in index order.
    public var unloads: [ModuleUnload]
    /// Modules left in charge, in index order.
    public var left: [LeftModule]
    /// Modules whose argument could not be read (they are left, handling every stream they could).
    public var problems: [ServerModuleProblem]

    /// Creates a plan.
    public init(unloads: [ModuleUnload] = [], left: [LeftModule] = [], problems: [ServerModuleProblem] = []) {
        self.unloads = unloads
        self.left = left
        self.problems = problems
    }

    /// The steps in order: each module's journal entry, then its unload.
    public var actions: [ServerModuleAction] {
        unloads.flatMap { [.journal($0.journalEntry), .unload(index: $0.module.index, name: $0.module.name)] }
    }

    /// The left module that handles streams with this `media.role` (`nil`: none), to put on the
    /// stream as `audiosession.left-to-server` so the engine keeps off it; `nil` when none does.
    ///
    /// Roles are matched on every device even for a module with `global=false`: streams move
    /// between devices, and a stream the module may act on later must not be the agent's either.
    public func moduleHandling(role: String?) -> String? {
        left.first { $0.handles(role: role) }?.module.name
    }

    /// Whether a module that chooses devices for streams is left in charge: the agent must then
    /// not move streams when devices come and go.
    public var deviceChoiceLeftToServer: Bool {
        left.contains { $0.job == .deviceChoice }
    }
}
