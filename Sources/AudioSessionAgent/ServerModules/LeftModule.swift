/// A server-side policy module the policy leaves in charge, with the job it keeps.
///
/// ```swift
/// if case .roles(let cork) = left.job { print(cork.triggerRoles) }
/// ```
public struct LeftModule: Hashable, Sendable {
    /// The job the module keeps, as far as the agent can tell from its name and argument.
    public enum Job: Hashable, Sendable {
        /// `module-role-cork` or `module-role-ducking`: the agent keeps off streams of these roles.
        case roles(RoleInteraction)
        /// A role module whose argument could not be read: the agent cannot tell which roles it
        /// handles, so it keeps off every stream the module could act on (see ``ServerModulePlan/problems``).
        case unreadableRoles
        /// `module-switch-on-connect`, `module-intended-roles`: they choose the device of streams,
        /// so the agent does not move streams when devices come and go.
        case deviceChoice
        /// `module-switch-on-port-available`: switches a card's port and profile; nothing the agent does.
        case cardPorts
        /// A `module-role-*` or `module-switch-on-*` module the agent does not know.
        case unknown
    }

    /// The module as loaded.
    public var module: LoadedModule
    /// What it keeps doing.
    public var job: Job

    /// Creates a value.
    public init(module: LoadedModule, job: Job) {
        self.module = module
        self.job = job
    }

    /// Whether the module acts on, or is set off by, a stream with this `media.role` (`nil`: none).
    public func handles(role: String?) -> Bool {
        switch job {
        case .roles(let interaction): interaction.handles(role: role)
        case .unreadableRoles: true
        case .deviceChoice, .cardPorts, .unknown: false
        }
    }
}
