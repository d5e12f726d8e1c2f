internal import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The agent's record of every change it made on one sound-server instance, so each can be
/// undone when its cause ends, when the agent stops, and by the next agent after a crash.
///
/// One file per server instance under a ``JournalDirectory``, keyed inside by stream serial
/// (``StreamSerial``), because stream indices are recycled. The file is an append-only log of
/// checksummed lines, each written (not synced) before ``record(_:)`` returns: the journal must
/// survive the agent's death, which a write to the page cache does, while a power cut also ends
/// the server instance the journal is about. It is rewritten atomically
/// (temporary file, `fsync`, `rename`) when it is opened and when restores are done, so it stays
/// as small as what is pending. A torn last line (a crash mid-write) is dropped; a damaged line
/// elsewhere moves the file aside (``quarantine``) and the readable restores carry on.
///
/// While a journal is open, its server instance is locked (`flock`) against a second agent; the
/// kernel releases the lock when the process dies, also by `kill -9`.
///
/// ```swift
/// let journal = try Journal.open(serverInstance: "pulse:unix:/run/user/1000/pulse/native", in: .runtime())
/// for restore in journal.pendingRestores { undo(restore) }         // left by a crashed agent
/// try journal.record(.duck(4711, base: .streamVolume(user), level: 0.3))  // before the first write
/// // ... ramp down, and later back up ...
/// try journal.clear(.volume(4711))                                         // after the last write
/// ```
public final class Journal: Sendable {
    /// The server instance this journal belongs to.
    public let serverInstance: String
    /// Where that server listens (`unix:/run/user/1000/pulse/native`), recorded in the header so
    /// a later agent can tell whether the instance still exists; `nil` when not known.
    public let serverAddress: String?
    /// The journal file.
    public let path: String
    /// Set when the file was damaged on opening and moved aside.
    public let quarantine: JournalQuarantine?
    /// The file's first line, worked out once: a change that rewrites the file needs it, and
    /// building it for every change cost a third of a change's time on the reaction path.
    private let header: [UInt8]

    private let state: Mutex<State>

    private struct State {
        /// The `flock`ed lock file; -1 once closed.
        var lockDescriptor: Int32
        /// Opened for appending; -1 after a failed rewrite or once closed.
        var descriptor: Int32
        var ledger: JournalLedger
        /// Lines in the file, the header included.
        var lines: Int
        /// A write failed half-way: the tail may be torn, so the next change rewrites the file.
        var needsRewrite: Bool
        /// ``close()`` ran: the file stays as it is and changes are refused.
        var isClosed = false
    }

    private init(
        serverInstance: String, serverAddress: String?, path: String, quarantine: JournalQuarantine?, header: [UInt8],
        state: State
    ) {
        self.serverInstance = serverInstance
        self.serverAddress = serverAddress
        self.path = path
        self.quarantine = quarantine
        self.header = header
        self.state = Mutex(state)
    }

    deinit { close() }

    /// Closes the file and releases the instance's lock, leaving what is pending on disk: for an
    /// agent that lost its server and may open the same instance's journal again when it comes
    /// back. Later changes throw. Safe to call more than once.
    public func close() {
        state.withLock { state in
            guard !state.isClosed else { return }
            state.isClosed = true
            if state.descriptor >= 0 { FileSyscalls.close(state.descriptor) }
            state.descriptor = -1
            FileSyscalls.close(state.lockDescriptor)
            state.lockDescriptor = -1
        }
    }

    /// Opens (or creates) the journal of `serverInstance`, reading what a previous agent left.
    ///
    /// - Throws: ``JournalError`` of kind ``JournalError/Kind/locked`` when another agent holds
    ///   this instance's journal, ``JournalError/Kind/notPrivate`` when the directory is not this
    ///   user's, ``JournalError/Kind/io`` when a system call fails. A damaged file does not throw:
    ///   see ``quarantine``.
    ///
    /// - Parameter serverAddress: where the server listens, written into the header so that a later
    ///   agent can check whether this instance still exists (``JournalDirectory/discardStale(current:logger:)``).
    public static func open(
        serverInstance: String, serverAddress: String? = nil, in directory: JournalDirectory
    ) throws(JournalError) -> Journal {
        try directory.prepare()
        let path = directory.filePath(forServerInstance: serverInstance)
        let lockDescriptor = try JournalLock.acquire(path: path + ".lock", journalPath: path)
        do throws(JournalError) {
            let bytes: [UInt8]
            switch FileSyscalls.contents(ofFile: path, limit: maximumFileSize) {
            case .success(let contents): bytes = contents ?? []
            case .failure(let error): throw .io("reading the journal", path, error)
            }
            let replay = JournalReplay(bytes: bytes, serverInstance: serverInstance)
            let quarantine = try replay.firstProblem.map { problem throws(JournalError) in
                try moveAside(path, problem: problem, damagedLines: replay.damagedLines)
            }
            let header = JournalLine.header(serverInstance: serverInstance, serverAddress: serverAddress)
            let (descriptor, lines) = try rewrite(path, header: header, ledger: replay.ledger)
            return Journal(
                serverInstance: serverInstance, serverAddress: serverAddress, path: path, quarantine: quarantine,
                header: header,
                state: State(
                    lockDescriptor: lockDescriptor, descriptor: descriptor, ledger: replay.ledger, lines: lines,
                    needsRewrite: false))
        } catch {
            FileSyscalls.close(lockDescriptor)
            throw error
        }
    }

    /// Records a change before the agent makes it.
    ///
    /// An entry that adds nothing (a second silence of a stream already silenced) writes nothing.
    public func record(_ entry: JournalEntry) throws(JournalError) {
        try change(.entry(entry))
    }

    /// Records `entry` in place of what its key holds: the user's own choice during a silence is
    /// what must come back, where a second ``record(_:)`` of a silence keeps the first. The key is
    /// cleared first, so a crash in between leaves the stream as the user has it, with nothing to
    /// undo.
    ///
    /// ```swift
    /// try journal.record(.silence(serial, by: .mute(wasMuted: true)))   // the agent mutes
    /// try journal.replace(.silence(serial, by: .mute(wasMuted: false))) // the user unmuted it since
    /// ```
    public func replace(_ entry: JournalEntry) throws(JournalError) {
        try change(.clear(entry.key))
        try change(.entry(entry))
    }

    /// Records that a restore was carried out (or is no longer needed); nothing happens when none
    /// is pending for `key`.
    public func clear(_ key: RestoreKey) throws(JournalError) {
        try change(.clear(key))
    }

    /// Clears the volume, silence and device restores of a stream and its restore-database entry,
    /// for example once it has ended and the restore database has been repaired.
    public func clear(stream: StreamSerial) throws(JournalError) {
        for key in RestoreKey.all(of: stream) {
            try clear(key)
        }
    }

    /// Everything still to be undone, oldest first.
    public var pendingRestores: [PendingRestore] {
        state.withLock { $0.ledger.pending }
    }

    /// The pending restore of `key`, if any; a stream that appears mid-duck takes its base from here.
    public func pendingRestore(for key: RestoreKey) -> PendingRestore? {
        state.withLock { $0.ledger[key] }
    }

    private func change(_ record: JournalRecord) throws(JournalError) {
        let path = path
        let header = header
        try state.withLock { state throws(JournalError) in
            guard !state.isClosed else {
                throw JournalError(kind: .io, path: path, reason: "the journal was closed (its server went away)")
            }
            // Asked first and applied in place after the write: a copy of the ledger to compare
            // would be made on every change, on the reaction path.
            guard state.ledger.isChanged(by: record) else { return }
            if state.needsRewrite {
                var updated = state.ledger
                updated.apply(record)
                try Self.replaceFile(of: &state, path: path, header: header, ledger: updated)
                return
            }
            // No fsync: on the reaction path, and a later agent reads the page cache (see the type's comment).
            let written = FileSyscalls.writeAll(state.descriptor, JournalLine.encode(record))
            if case .failure(let error) = written {
                state.needsRewrite = true
                throw .io("writing the journal", path, error)
            }
            state.ledger.apply(record)
            state.lines += 1
            if state.ledger.isEmpty, state.lines > 1,
                case .success = FileSyscalls.truncate(state.descriptor, toLength: header.count)
            {
                // Everything is restored: cutting the file back to its header is one system call,
                // where a rewrite takes seven, at the end of every interruption. A crash leaves the
                // old lines (which replay to nothing pending) or the header alone.
                state.lines = 1
            } else if Self.shouldCompact(lines: state.lines, pending: state.ledger.count) {
                try Self.replaceFile(of: &state, path: path, header: header, ledger: state.ledger)
            }
        }
    }

    /// Whether the file has grown well past what is pending: empty once everything is restored,
    /// and never more than a few hundred lines.
    private static func shouldCompact(lines: Int, pending: Int) -> Bool {
        (pending == 0 && lines > 1) || (lines > 256 && lines > 4 * (pending + 1))
    }

    private static func replaceFile(
        of state: inout State, path: String, header: [UInt8], ledger: JournalLedger
    ) throws(JournalError) {
        if state.descriptor >= 0 { FileSyscalls.close(state.descriptor) }
        state.descriptor = -1
        state.needsRewrite = true
        let (descriptor, lines) = try rewrite(path, header: header, ledger: ledger)
        state.descriptor = descriptor
        state.ledger = ledger
        state.lines = lines
        state.needsRewrite = false
    }

    /// Writes `ledger` to a temporary file, syncs it, renames it over `path`, syncs the directory,
    /// and opens the result for appending.
    private static func rewrite(
        _ path: String, header: [UInt8], ledger: JournalLedger
    ) throws(JournalError) -> (descriptor: Int32, lines: Int) {
        let temporary = path + ".tmp"
        let records = ledger.records
        var bytes = header
        for record in records { bytes += JournalLine.encode(record) }
        // A leftover temporary file keeps its mode through O_TRUNC: start from nothing.
        if case .failure(let error) = FileSyscalls.removeFile(temporary) {
            throw .io("removing a leftover temporary journal", temporary, error)
        }
        let descriptor: Int32
        switch FileSyscalls.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw .io("creating the journal", temporary, error)
        }
        let written = FileSyscalls.writeAll(descriptor, bytes).flatMap { FileSyscalls.fsync(descriptor) }
        FileSyscalls.close(descriptor)
        if case .failure(let error) = written { throw .io("writing the journal", temporary, error) }
        if case .failure(let error) = FileSyscalls.rename(temporary, to: path) {
            throw .io("replacing the journal", path, error)
        }
        syncDirectory(of: path)
        switch FileSyscalls.open(path, O_WRONLY | O_APPEND | O_CLOEXEC) {
        case .success(let appending): return (appending, records.count + 1)
        case .failure(let error): throw .io("opening the journal for appending", path, error)
        }
    }

    /// Makes the rename durable; a failure here only weakens durability across a power cut
    /// (the runtime directory is tmpfs on systemd machines anyway), so it is not an error.
    private static func syncDirectory(of path: String) {
        guard let slash = path.lastIndex(of: "/") else { return }
        let directory = String(path[..<slash])
        if case .success(let descriptor) = FileSyscalls.open(
            directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY)
        {
            _ = FileSyscalls.fsync(descriptor)
            FileSyscalls.close(descriptor)
        }
    }

    /// Renames a damaged journal to `PATH.corrupt-SECONDS` and describes what was wrong.
    private static func moveAside(
        _ path: String, problem: (line: Int, reason: String), damagedLines: Int
    ) throws(JournalError) -> JournalQuarantine {
        let quarantined = "\(path).corrupt-\(FileSyscalls.wallClockSeconds())"
        if case .failure(let error) = FileSyscalls.rename(path, to: quarantined) {
            throw .io("moving the damaged journal aside", path, error)
        }
        return JournalQuarantine(
            error: JournalError(kind: .corrupt, path: path, line: problem.line, reason: problem.reason),
            damagedLines: damagedLines, quarantinedPath: quarantined)
    }

    /// A journal holds a few lines per stream the agent touched; 16 MiB is not a journal.
    static let maximumFileSize = 16 << 20
}
