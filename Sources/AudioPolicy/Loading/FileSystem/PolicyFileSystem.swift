/// What the policy loader needs from a file system: read a file, list a directory.
///
/// The agent uses ``LocalPolicyFileSystem``; tests can give a dictionary-backed one so the
/// search order is checked without touching the real home directory.
///
/// ```swift
/// struct InMemory: PolicyFileSystem {
///     var files: [String: String]
///     func contents(ofFile path: String) throws(PolicyFileSystemError) -> [UInt8]? {
///         files[path].map { Array($0.utf8) }
///     }
///     func entries(ofDirectory path: String) throws(PolicyFileSystemError) -> [String]? { nil }
/// }
/// ```
public protocol PolicyFileSystem: Sendable {
    /// The bytes of a file, or `nil` when there is no such file.
    ///
    /// Bytes, not text: the loader refuses a file that is not UTF-8 and says where, where decoding
    /// it here would silently turn each bad byte into U+FFFD and make a rule never match.
    ///
    /// - Throws: ``PolicyFileSystemError`` when the file exists but cannot be read.
    func contents(ofFile path: String) throws(PolicyFileSystemError) -> [UInt8]?

    /// The names (not paths) in a directory, in any order, or `nil` when there is no such directory.
    ///
    /// - Throws: ``PolicyFileSystemError`` when the directory exists but cannot be listed.
    func entries(ofDirectory path: String) throws(PolicyFileSystemError) -> [String]?
}
