import AudioPolicy

/// One policy file held in memory.
struct InMemoryPolicyFile: PolicyFileSystem {
    static let path = "/bench/policy.toml"
    var bytes: [UInt8]

    func contents(ofFile path: String) throws(PolicyFileSystemError) -> [UInt8]? {
        path == Self.path ? bytes : nil
    }

    func entries(ofDirectory path: String) throws(PolicyFileSystemError) -> [String]? { nil }
}
