extension Policy {
    /// What the agent does about server-side policy modules (`[server-modules]` in files).
    ///
    /// Without a choice a module is left to the server: the agent never unloads a module unless
    /// the policy asks for it. `module-stream-restore` is never among them: its database is
    /// repaired instead (see docs/policy-format.md).
    ///
    /// ```swift
    /// var modules = Policy.ServerModules()
    /// modules.choices[.roleCork] = .takeOver
    /// modules.choice(forModuleNamed: "module-role-cork")      // .takeOver
    /// modules.choice(forModuleNamed: "module-role-whatever")  // .leave (otherPolicyModules)
    /// modules.choice(forModuleNamed: "module-null-sink")      // nil: not a policy module
    /// ```
    public struct ServerModules: Hashable, Sendable {
        /// The choice per known module; a module not listed is left to the server.
        public var choices: [ServerModule: ServerModuleChoice]
        /// The choice for `module-role-*` and `module-switch-on-*` modules this agent does not know.
        public var otherPolicyModules: ServerModuleChoice

        /// Creates the settings; every module is left to the server unless listed.
        public init(choices: [ServerModule: ServerModuleChoice] = [:], otherPolicyModules: ServerModuleChoice = .leave)
        {
            self.choices = choices
            self.otherPolicyModules = otherPolicyModules
        }

        /// The choice for a loaded module by its name, or `nil` when it is not a policy module.
        public func choice(forModuleNamed name: String) -> ServerModuleChoice? {
            if let module = ServerModule(moduleName: name) { return choices[module] ?? .leave }
            return ServerModule.isPolicyModuleFamily(name) ? otherPolicyModules : nil
        }
    }
}
