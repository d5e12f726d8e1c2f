import TOMLReader

/// Finds, reads, merges and checks policy files.
///
/// The search order is described by ``PolicySearchPath``. Every file must start with
/// `version = 1`; fragments merge over the base (tables key by key, `[[rank]]`, `[[app]]` and
/// `[[exclude]]` append, everything else is replaced). All problems of all files are reported
/// together in a ``PolicyLoadError``.
///
/// ```swift
/// let loader = PolicyLoader(
///     fileSystem: LocalPolicyFileSystem(),
///     searchPath: PolicySearchPath(environment: environment,
///                                  shippedPolicy: "/usr/share/audiosession/policies/default.toml"))
/// do {
///     let loaded = try loader.load(explicitFile: options.policy)
///     print("policy from", loaded.files)
/// } catch {
///     print(error)   // office.toml:12:11: roles.music.options[1]: unknown option "duck-other"; ...
/// }
/// ```
public struct PolicyLoader: Sendable {
    /// Where files are read from.
    public var fileSystem: any PolicyFileSystem
    /// Where files are looked for.
    public var searchPath: PolicySearchPath

    /// Creates a loader.
    public init(fileSystem: any PolicyFileSystem, searchPath: PolicySearchPath) {
        self.fileSystem = fileSystem
        self.searchPath = searchPath
    }

    /// Loads the policy: `explicitFile` alone when given (`--policy`), otherwise the search path.
    ///
    /// - Throws: ``PolicyLoadError`` listing every problem found, with file, line, column and key path.
    public func load(explicitFile: String? = nil) throws(PolicyLoadError) -> LoadedPolicy {
        let files = try filesToLoad(explicitFile: explicitFile)
        var validator = PolicyValidator()
        var documents: [(TOMLTable, String)] = []
        for file in files {
            let bytes: [UInt8]?
            do {
                bytes = try fileSystem.contents(ofFile: file)
            } catch {
                validator.report("cannot read the file: \(error.reason)", file: file, position: nil, path: "")
                continue
            }
            guard let bytes else {
                // Only an explicit file or a vanished one can be missing here.
                validator.report("no such file", file: file, position: nil, path: "")
                continue
            }
            do {
                let document = try TOMLDocument(parsingUTF8: bytes)
                if validator.checkVersion(of: document.root, file: file) { documents.append((document.root, file)) }
            } catch {
                validator.report(error.message, file: file, position: error.position, path: "")
            }
        }
        // A file that cannot be read or parsed would make every later check misleading.
        guard validator.problems.isEmpty, let (base, baseFile) = documents.first else {
            throw PolicyLoadError(problems: validator.sortedProblems)
        }
        var merged = MergedTable(base, file: baseFile, isRoot: true)
        for (fragment, file) in documents.dropFirst() { merged.merge(fragment, file: file, isRoot: true) }
        let policy = validator.validate(merged)
        guard validator.problems.isEmpty else { throw PolicyLoadError(problems: validator.sortedProblems) }
        return LoadedPolicy(policy: policy, files: files)
    }

    /// The files that make up the policy, base first, without parsing them.
    ///
    /// - Throws: ``PolicyLoadError`` when a configuration file or directory exists but cannot be read.
    public func filesToLoad(explicitFile: String? = nil) throws(PolicyLoadError) -> [String] {
        if let explicitFile { return [explicitFile] }
        var problems: [PolicyProblem] = []
        var baseLevel = -1
        var base = searchPath.shippedPolicy
        for (index, level) in searchPath.levels.enumerated() {
            do {
                if try fileSystem.contents(ofFile: level.baseFile) != nil {
                    baseLevel = index
                    base = level.baseFile
                }
            } catch {
                problems.append(PolicyProblem(file: level.baseFile, position: nil, keyPath: "", message: "cannot read the file: \(error.reason)"))
            }
        }
        var files = [base]
        let fragmentLevels = baseLevel < 0 ? searchPath.levels[...] : searchPath.levels[baseLevel...]
        for level in fragmentLevels {
            do {
                guard let names = try fileSystem.entries(ofDirectory: level.fragmentDirectory) else { continue }
                let fragments = names.filter { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }
                    .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                files += fragments.map { level.fragmentDirectory + "/" + $0 }
            } catch {
                problems.append(PolicyProblem(file: level.fragmentDirectory, position: nil, keyPath: "", message: "cannot list the directory: \(error.reason)"))
            }
        }
        guard problems.isEmpty else { throw PolicyLoadError(problems: problems) }
        return files
    }
}
