import AudioPolicy

extension ScenarioPolicyReference {
    func load() throws -> Policy {
        let fileSystem = ScenarioPolicyFileSystem(base: base, fragments: fragments)
        let searchPath = PolicySearchPath(
            environment: ["XDG_CONFIG_DIRS": "/scenario-nothing", "XDG_CONFIG_HOME": ScenarioPolicyFileSystem.level],
            shippedPolicy: base)
        return try PolicyLoader(fileSystem: fileSystem, searchPath: searchPath).load().policy
    }
}
