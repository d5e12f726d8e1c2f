import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A process the agent starts to do work that must not run inside the agent (the native echo
/// canceller), named for good by its PID and start time, and bound to the agent's life.
///
/// It runs under `setpriv --pdeathsig TERM`, so the kernel sends it SIGTERM when the agent thread
/// that started it ends, however the agent ends (kill -9 included) and whether or not an agent
/// ever starts again. The parent-death signal follows the *thread*, not the process: start
/// helpers from a thread that lives as long as they should (the PipeWire loop thread), never
/// from a pool thread that may be retired while idle.
///
/// ```swift
/// let helper = try HelperProcess.start(["pipewire", "-c", path], environment: environment).get()
/// try journal.record(helper.journalEntry)
/// helper.terminate { print("ended") }
/// ```
struct HelperProcess: Hashable, Sendable {
    /// Where `/proc` is (a test may point elsewhere).
    static let procRoot = "/proc"

    var pid: Int32
    /// Clock ticks after boot when it started (`/proc/PID/stat`), with the PID its identity.
    var startTime: UInt64
    /// What it runs, for logs and the journal.
    var command: String

    /// The journal's record of it, written before anything relies on it.
    var journalEntry: JournalEntry { .spawnedProcess(pid: pid, startTime: startTime, command: command) }

    /// Starts `arguments` under `setpriv --pdeathsig TERM` with `environment`. When its start time
    /// cannot be read (it ended at once) it is ended and reaped, and the start fails.
    static func start(_ arguments: [String], environment: [String: String]) -> Result<HelperProcess, SystemErrno> {
        let wrapped = ["setpriv", "--pdeathsig", "TERM", "--"] + arguments
        switch ProcessSyscalls.spawn(wrapped, environment: environment) {
        case .failure(let error):
            return .failure(error)
        case .success(let pid):
            // The start time is the same before and after setpriv execs the command.
            guard let startTime = startTime(of: pid) else {
                _ = ProcessSyscalls.signal(pid, SIGKILL)
                ProcessSyscalls.reap(pid)
                return .failure(SystemErrno(code: ESRCH))
            }
            return .success(HelperProcess(pid: pid, startTime: startTime, command: arguments.joined(separator: " ")))
        }
    }

    /// The start time of the process `pid` now; `nil` when there is none.
    static func startTime(of pid: Int32) -> UInt64? {
        guard pid > 0, case .success(let bytes?) = FileSyscalls.contents(ofFile: "\(procRoot)/\(pid)/stat", limit: 4096)
        else { return nil }
        return ProcFiles.startTime(fromStat: bytes)
    }

    /// Whether the process is still this one (same PID and start time) and not a zombie.
    static func isRunning(pid: Int32, startTime: UInt64) -> Bool {
        guard let current = self.startTime(of: pid), current == startTime else { return false }
        guard case .success(let bytes?) = FileSyscalls.contents(ofFile: "\(procRoot)/\(pid)/stat", limit: 4096),
            let close = bytes.lastIndex(of: UInt8(ascii: ")")), bytes.count > close + 2
        else { return false }
        return bytes[close + 2] != UInt8(ascii: "Z")
    }

    /// Sends SIGTERM and reaps the process on a dispatch thread (the wait blocks); `ended` runs
    /// there once it has gone.
    func terminate(_ ended: @escaping @Sendable () -> Void = {}) {
        _ = ProcessSyscalls.signal(pid, SIGTERM)
        let pid = pid
        DispatchQueue.global().async {
            ProcessSyscalls.reap(pid)
            ended()
        }
    }

    /// Sends SIGTERM and waits up to `timeout` for the process to end, then SIGKILL; reaps it.
    /// For the agent's own stop, where nothing may be left behind before it returns.
    func terminateAndWait(timeout: Duration = .seconds(2)) {
        _ = ProcessSyscalls.signal(pid, SIGTERM)
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !ProcessSyscalls.reapIfEnded(pid) {
            guard clock.now < deadline else {
                _ = ProcessSyscalls.signal(pid, SIGKILL)
                ProcessSyscalls.reap(pid)
                return
            }
            usleep(5_000)
        }
    }

    /// Ends a process a previous agent started and recorded (not a child of this agent, so it is
    /// not reaped here): only if the PID still names the process started then.
    /// Returns whether a signal was sent.
    static func endRecorded(pid: Int32, startTime: UInt64) -> Bool {
        guard isRunning(pid: pid, startTime: startTime) else { return false }
        return (try? ProcessSyscalls.signal(pid, SIGTERM).get()) != nil
    }
}
