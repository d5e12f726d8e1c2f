#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The lock that keeps two agents off one server instance's journal: an open-file-description
/// lock on `journal-….log.lock`, which the kernel drops when the descriptor is closed or its
/// holder dies (also by `kill -9`), so the next agent can always take over from a crashed one.
enum JournalLock {
    /// Takes the lock without waiting; returns the descriptor that holds it (close it to release).
    ///
    /// - Throws: ``JournalError/Kind/locked`` naming `journalPath` when another holder has it.
    static func acquire(path: String, journalPath: String) throws(JournalError) -> Int32 {
        let descriptor: Int32
        // Close-on-exec: a process spawned meanwhile (by a test, or a future helper) would otherwise
        // inherit the descriptor, and with it the lock, for as long as it runs.
        switch FileSyscalls.open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o600) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw .io("opening the journal lock", path, error)
        }
        // A process forked elsewhere in this process (any spawn) holds a copy of every descriptor
        // until it execs, close-on-exec or not, and with it the lock of one just closed: the lock
        // is asked for again for up to a second before it counts as another agent's.
        var result = FileSyscalls.lockExclusively(descriptor)
        for _ in 0..<50 {
            guard case .failure(let error) = result, error.isWouldBlock else { break }
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            _ = nanosleep(&pause, nil)
            result = FileSyscalls.lockExclusively(descriptor)
        }
        switch result {
        case .success:
            return descriptor
        case .failure(let error):
            FileSyscalls.close(descriptor)
            if error.isWouldBlock {
                throw JournalError(
                    kind: .locked, path: journalPath,
                    reason: "another audiosessiond is using the journal of this server; stop it first")
            }
            throw .io("locking the journal", path, error)
        }
    }
}
