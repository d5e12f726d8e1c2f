/// Policy files held in memory, path to bytes: the loader's search order without a disk, for
/// tests, benchmarks and fuzzers that must not read the machine's configuration.
///
/// A directory exists while some file lies directly under it.
///
/// ```swift
/// let files = InMemoryPolicyFileSystem(files: [
///     "/usr/share/audiosession/policies/default.toml": Array("version = 1\n".utf8),
///     "/home/ada/.config/audiosession/policy.d/10-quiet.toml": Array("version = 1\n[ducking]\nlevel = 0.1\n".utf8),
/// ])
/// let loader = PolicyLoader(
///     fileSystem: files,
///     searchPath: PolicySearchPath(environment: ["HOME": "/home/ada"],
///                                  shippedPolicy: "/usr/share/audiosession/policies/default.toml"))
/// ```
public struct InMemoryPolicyFileSystem: PolicyFileSystem {
    /// The files, by absolute path.
    public var files: [String: [UInt8]]

    /// Creates a file system holding `files`.
    public init(files: [String: [UInt8]]) {
        self.files = files
    }

    /// The bytes of the file at `path`, or `nil`.
    public func contents(ofFile path: String) throws(PolicyFileSystemError) -> [UInt8]? { files[path] }

    /// The names of the files directly under `path`, or `nil` when none is.
    public func entries(ofDirectory path: String) throws(PolicyFileSystemError) -> [String]? {
        let prefix = path + "/"
        let names = files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        return names.isEmpty ? nil : names.filter { !$0.contains("/") }
    }
}
