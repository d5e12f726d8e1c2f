import AudioSessionTesting
import Foundation
import Testing

@testable import AudioSessionAgent

@Suite("Journal across processes: a killed agent's lock is released by the kernel")
struct JournalCrashTests {
    /// Holds a POSIX write lock on the journal's lock file, as a running agent holds its own
    /// (POSIX and open-file-description locks conflict), until it is killed. perl is part of every
    /// Debian system; `struct flock` is packed for 64-bit Linux.
    static let lockHolder = """
        use Fcntl;
        open(my $fh, '+<', $ARGV[0]) or die "open: $!";
        my $lock = pack('s s x4 q q i x4', F_WRLCK, SEEK_SET, 0, 0, 0);
        fcntl($fh, F_SETLK, $lock) or die "lock: $!";
        $| = 1; print "locked\\n"; sleep 60;
        """

    @Test("while another process holds the journal it is refused; after kill -9 the next agent gets the restores")
    func lockDiesWithItsProcess() async throws {
        try await JournalTemporaryDirectory.withAsync { temporary in
            let instance = "pulse:crash-test"
            let lockPath: String
            do {
                let journal = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
                try journal.record(.duck(42, base: .streamVolume(StreamVolume([65536, 65536])), level: 0.3))
                lockPath = journal.path + ".lock"
            }
            let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
            let holder = try ChildProcess(
                ["perl", "-e", Self.lockHolder, lockPath], environment: environment, outputDirectory: temporary.root)
            try await waitUntil("the other process holds the journal's lock") {
                holder.standardOutput.contains("locked")
            }

            #expect {
                _ = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            } throws: { error in
                guard let error = error as? JournalError else { return false }
                return error.kind == .locked && error.description.contains("another audiosessiond")
            }

            holder.kill()
            #expect(await holder.waitForExit() == 128 + SIGKILL)
            let next = try Journal.open(serverInstance: instance, in: temporary.journalDirectory)
            #expect(next.pendingRestores == [.volume(42, base: .streamVolume(StreamVolume([65536, 65536])), appliedLevel: 0.3)])
        }
    }
}
