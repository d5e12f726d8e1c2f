import AudioPolicy

/// Policy files held in a dictionary, path to bytes: the loader's search order without a disk.
struct InMemoryPolicyFileSystem: PolicyFileSystem {
    var files: [String: [UInt8]]

    func contents(ofFile path: String) throws(PolicyFileSystemError) -> [UInt8]? { files[path] }

    func entries(ofDirectory path: String) throws(PolicyFileSystemError) -> [String]? {
        let prefix = path + "/"
        let names = files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        return names.isEmpty ? nil : names.filter { !$0.contains("/") }
    }
}
