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
