/// What the policy loader needs from a file system: read a file, list a directory.
///
/// The agent uses ``LocalPolicyFileSystem``; tests can give a dictionary-backed one so the
/// search order is checked without touching the real home directory.
///
/// ```swift
/// struct InMemory: PolicyFileSystem {
///     var files: [String: String]
///     func contents(ofFile path: String) throws(PolicyFileSystemError) -> String? { files[path] }
///     func entries(ofDirectory path: String) throws(PolicyFileSystemError) -> [String]? { nil }
/// }
/// ```
public protocol PolicyFileSystem: Sendable {
    /// The text of a file, or `nil` when there is no such file.
    ///
    /// - Throws: ``PolicyFileSystemError`` when the file exists but cannot be read.
    func contents(ofFile path: String) throws(PolicyFileSystemError) -> String?

    /// The names (not paths) in a directory, in any order, or `nil` when there is no such directory.
    ///
    /// - Throws: ``PolicyFileSystemError`` when the directory exists but cannot be listed.
    func entries(ofDirectory path: String) throws(PolicyFileSystemError) -> [String]?
}
