/// The directory that holds one journal file per sound-server instance (mode 0700), normally
/// `$XDG_RUNTIME_DIR/audiosession/`.
///
/// The runtime directory is right for the journal: it is per user, private, on tmpfs, and
/// cleared at logout, when every server instance it could name is gone too.
///
/// ```swift
/// let directory = try JournalDirectory.runtime()
/// for instance in try directory.serverInstances() where instance != current {
///     try directory.discard(serverInstance: instance)   // that server has restarted since
/// }
/// ```
public struct JournalDirectory: Hashable, Sendable {
    /// The directory's path.
    public var path: String

    /// A journal directory at `path` (created on first use).
    public init(path: String) { self.path = path }

    /// `$XDG_RUNTIME_DIR/audiosession`.
    public static func runtime() throws(JournalError) -> JournalDirectory {
        guard let runtime = FileSyscalls.environmentVariable("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") else {
            throw JournalError(
                kind: .noRuntimeDirectory, path: "$XDG_RUNTIME_DIR",
                reason: "not set to an absolute path; the journal needs the per-user runtime directory "
                    + "(systemd --user or pam_systemd sets it)")
        }
        return JournalDirectory(path: runtime + "/audiosession")
    }

    /// The server instances that have a journal here, as their headers name them.
    ///
    /// A file whose header cannot be read is skipped: ``Journal/open(serverInstance:serverAddress:in:)``
    /// is the place that reports and quarantines damage.
    public func serverInstances() throws(JournalError) -> [String] {
        try recordedServers().map(\.instance)
    }

    /// The server instances that have a journal here, with the address each header recorded.
    public func recordedServers() throws(JournalError) -> [RecordedServer] {
        let names: [String]
        switch FileSyscalls.directoryEntries(path) {
        case .success(let entries): names = entries
        case .failure(let error) where error.isNotFound: return []
        case .failure(let error): throw .io("listing the journal directory", path, error)
        }
        return names.filter { $0.hasPrefix(Self.filePrefix) && $0.hasSuffix(Self.fileSuffix) }.sorted().compactMap {
            name in
            guard case .success(let bytes?) = FileSyscalls.contents(ofFile: path + "/" + name, limit: 4096),
                let end = bytes.firstIndex(of: UInt8(ascii: "\n")),
                case .success(.header(let instance, let address, _)) = JournalLine.parse(bytes[..<end])
            else { return nil }
            return RecordedServer(instance: instance, address: address)
        }
    }

    /// Removes the journal of a server instance that no longer exists (its streams are gone with it).
    ///
    /// - Throws: ``JournalError/Kind/locked`` when an agent still holds that journal.
    public func discard(serverInstance: String) throws(JournalError) {
        let file = filePath(forServerInstance: serverInstance)
        let lock = try JournalLock.acquire(path: file + ".lock", journalPath: file)
        defer { FileSyscalls.close(lock) }
        for path in [file, file + ".lock"] {
            if case .failure(let error) = FileSyscalls.removeFile(path) {
                throw .io("removing the journal", path, error)
            }
        }
    }

    /// The journal file of a server instance: the instance, encoded as a safe file name.
    func filePath(forServerInstance instance: String) -> String {
        var name = FieldEncoding.encodeFileName(instance)
        if name.utf8.count > 160 {
            // Keep names under NAME_MAX; the header holds the full instance, and the checksum keeps
            // two long names that share a prefix apart.
            let checksum = String(CRC32.checksum(instance.utf8), radix: 16)
            name = String(name.prefix(140)) + "~" + checksum
        }
        return path + "/" + Self.filePrefix + name + Self.fileSuffix
    }

    /// Creates the directory (0700) or checks that the existing one is ours and private.
    func prepare() throws(JournalError) {
        if case .failure(let error) = FileSyscalls.makeDirectory(path, mode: 0o700) {
            throw .io("creating the journal directory", path, error)
        }
        switch FileSyscalls.status(path) {
        case .failure(let error):
            throw .io("inspecting the journal directory", path, error)
        case .success(let status) where !status.isDirectory:
            throw JournalError(
                kind: .notPrivate, path: path,
                reason: "is not a directory (a symbolic link or a file is in the way); remove it")
        case .success(let status) where status.owner != FileSyscalls.userID():
            throw JournalError(
                kind: .notPrivate, path: path,
                reason: "belongs to user \(status.owner), not to this user (\(FileSyscalls.userID())); remove it")
        case .success(let status) where status.permissions != 0o700:
            if case .failure(let error) = FileSyscalls.changeMode(path, 0o700) {
                throw .io("making the journal directory private", path, error)
            }
        case .success:
            break
        }
    }

    /// A server instance a journal belongs to, as its header records it.
    public struct RecordedServer: Hashable, Sendable {
        /// The server instance.
        public var instance: String
        /// Where the server listened; `nil` in journals written before addresses were recorded.
        public var address: String?
    }

    static let filePrefix = "journal-"
    static let fileSuffix = ".log"
}
