import AudioPolicy

/// The real file system with one file replaced, added or taken away, so the loader reads the
/// policy as it would be before anything is written.
///
/// ```swift
/// let overlay = OverlaidPolicyFileSystem(path: dir + "/app-paplay.toml", contents: Array(fragment.utf8))
/// let loaded = try PolicyLoader(fileSystem: overlay, searchPath: searchPath).load()
/// ```
struct OverlaidPolicyFileSystem: PolicyFileSystem {
    /// The file shown differently.
    var path: String
    /// Its bytes, or `nil` for a file that is gone.
    var contents: [UInt8]?
    var base: any PolicyFileSystem = LocalPolicyFileSystem()

    func contents(ofFile path: String) throws(PolicyFileSystemError) -> [UInt8]? {
        path == self.path ? contents : try base.contents(ofFile: path)
    }

    func entries(ofDirectory directory: String) throws(PolicyFileSystemError) -> [String]? {
        let name = String(path.split(separator: "/").last ?? "")
        let parent = String(path.dropLast(name.count + 1))
        var entries = try base.entries(ofDirectory: directory)
        guard directory == parent else { return entries }
        entries = (entries ?? []).filter { $0 != name }
        if contents != nil { entries?.append(name) }
        return entries
    }
}
