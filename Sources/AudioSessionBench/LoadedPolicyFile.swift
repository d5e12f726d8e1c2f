import AudioPolicy

/// The policy the bench runs, read through the project's own loader so the engine sees exactly
/// what the agent would.
struct LoadedPolicyFile {
    let policy: Policy

    init(path: String) throws {
        let loader = PolicyLoader(
            fileSystem: LocalPolicyFileSystem(),
            searchPath: PolicySearchPath(environment: [:], shippedPolicy: path))
        policy = try loader.load(explicitFile: path).policy
    }
}
