public import AudioPolicy

/// Where the agent's policy comes from: `--policy FILE` alone, or the search order
/// (`$XDG_CONFIG_HOME/audiosession/...`, `$XDG_CONFIG_DIRS`, the shipped default), read again on
/// every ``load()`` so that SIGHUP picks up edits.
///
/// ```swift
/// let source = PolicySource(explicitFile: nil, environment: environment)
/// let loaded = try source.load()
/// print(loaded.files)
/// ```
public struct PolicySource: Sendable {
    /// The `--policy` file, when given.
    public var explicitFile: String?
    /// The loader with the search path of the agent's environment.
    public var loader: PolicyLoader

    /// A source for a process with `environment`; `shippedPolicy` defaults to ``ShippedPolicyLocation``.
    public init(explicitFile: String?, environment: [String: String], shippedPolicy: String? = nil) {
        self.explicitFile = explicitFile
        loader = PolicyLoader(
            fileSystem: LocalPolicyFileSystem(),
            searchPath: PolicySearchPath(
                environment: environment,
                shippedPolicy: shippedPolicy ?? ShippedPolicyLocation.find(environment: environment)))
    }

    /// Reads and checks the policy files now.
    ///
    /// - Throws: ``PolicyLoadError`` with every problem, at file:line.
    public func load() throws(PolicyLoadError) -> LoadedPolicy {
        try loader.load(explicitFile: explicitFile)
    }

    /// The policy to start with when the files of the search order cannot be loaded: the shipped
    /// default alone, so that an agent whose user broke a fragment still starts, undoes what a
    /// previous agent left in its journal, and takes the user's policy at the next SIGHUP. `nil`
    /// with `--policy` (the caller chose that file and is told it is bad) or when the shipped
    /// default does not load either.
    public func fallback() -> LoadedPolicy? {
        guard explicitFile == nil else { return nil }
        return try? loader.load(explicitFile: loader.searchPath.shippedPolicy)
    }
}

extension PolicySource {
    /// A source for this process: its environment's search path, and `explicitFile` when given.
    ///
    /// ```swift
    /// let source = PolicySource.forThisProcess(explicitFile: options.policy)
    /// ```
    public static func forThisProcess(explicitFile: String?) -> PolicySource {
        PolicySource(explicitFile: explicitFile, environment: ProcessEnvironment.current)
    }
}
