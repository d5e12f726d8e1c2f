public import AudioPolicy

extension ScenarioPolicyReference {
    /// Loads the base and merges the fragments with the project's loader, exactly as the agent
    /// merges `policy.d/`; nothing else on the machine is read.
    ///
    /// ```swift
    /// let policy = try scenario.policy.load()
    /// var engine = PolicyEngine(policy: policy)
    /// ```
    ///
    /// - Throws: ``AudioPolicy/PolicyLoadError`` with every problem's file and line.
    public func load() throws(PolicyLoadError) -> Policy {
        let fileSystem = ScenarioPolicyFileSystem(base: base, fragments: fragments)
        let searchPath = PolicySearchPath(
            environment: ["XDG_CONFIG_DIRS": "/scenario-nothing", "XDG_CONFIG_HOME": ScenarioPolicyFileSystem.level],
            shippedPolicy: base)
        return try PolicyLoader(fileSystem: fileSystem, searchPath: searchPath).load().policy
    }
}
