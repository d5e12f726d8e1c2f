/// Why the journal could not be opened, read or written.
///
/// The message names the file (and the line, for a damaged journal) and says what to do.
///
/// ```swift
/// do {
///     let journal = try Journal.open(serverInstance: instance, in: try .runtime())
/// } catch let error where error.kind == .locked {
///     print(error)   // ".../journal-....log: another audiosessiond is using the journal of this server; ..."
/// }
/// ```
public struct JournalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is; more kinds may be added.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Code: Hashable, Sendable {
            case noRuntimeDirectory, notPrivate, locked, corrupt, io
        }
        private let code: Code

        /// `$XDG_RUNTIME_DIR` is not set, or not an absolute path.
        public static let noRuntimeDirectory = Kind(code: .noRuntimeDirectory)
        /// The journal directory belongs to another user or is not a directory.
        public static let notPrivate = Kind(code: .notPrivate)
        /// Another agent holds this server's journal.
        public static let locked = Kind(code: .locked)
        /// A line of the journal is damaged (not a torn last line, which is expected after a crash).
        public static let corrupt = Kind(code: .corrupt)
        /// A system call failed.
        public static let io = Kind(code: .io)

        /// The kind in words.
        public var description: String {
            switch code {
            case .noRuntimeDirectory: "no runtime directory"
            case .notPrivate: "not private"
            case .locked: "locked"
            case .corrupt: "corrupt"
            case .io: "input/output"
            }
        }
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// The file or directory concerned.
    public var path: String
    /// The 1-based line of a damaged journal.
    public var line: Int?
    /// What happened, in words.
    public var reason: String

    /// Creates an error.
    public init(kind: Kind, path: String, line: Int? = nil, reason: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `path:line: reason`.
    public var description: String {
        line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)"
    }

    static func io(_ operation: String, _ path: String, _ error: SystemErrno) -> JournalError {
        JournalError(kind: .io, path: path, reason: "\(operation) failed: \(error.reason)")
    }
}
