/// The real file system, read with `open`/`read` and `opendir`/`readdir` (no Foundation, to keep
/// the agent small).
///
/// ```swift
/// let loader = PolicyLoader(fileSystem: LocalPolicyFileSystem(), environment: environment,
///                           shippedPolicy: "/usr/share/audiosession/policies/default.toml")
/// ```
public struct LocalPolicyFileSystem: PolicyFileSystem {
    /// Policy files are small; anything larger is a mistake (a wrong path), not a policy.
    static let maximumFileSize = 1 << 20

    /// Creates the real file system.
    public init() {}

    /// Reads a file's bytes; the loader checks that they are UTF-8.
    public func contents(ofFile path: String) throws(PolicyFileSystemError) -> [UInt8]? {
        let descriptor: Int32
        switch Syscalls.openForReading(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error) where error.isNotFound: return nil
        case .failure(let error): throw PolicyFileSystemError(reason: error.reason)
        }
        defer { Syscalls.close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let result = chunk.withUnsafeMutableBytes { Syscalls.read(descriptor, into: $0) }
            switch result {
            case .success(0):
                return bytes
            case .success(let count):
                bytes.append(contentsOf: chunk[0..<count])
                if bytes.count > Self.maximumFileSize {
                    throw PolicyFileSystemError(reason: "larger than 1 MiB; is this really a policy file?")
                }
            case .failure(let error):
                throw PolicyFileSystemError(reason: error.reason)
            }
        }
    }

    /// Lists a directory's names.
    public func entries(ofDirectory path: String) throws(PolicyFileSystemError) -> [String]? {
        switch Syscalls.directoryEntries(path) {
        case .success(let names): names
        case .failure(let error) where error.isNotFound: nil
        case .failure(let error): throw PolicyFileSystemError(reason: error.reason)
        }
    }
}
