import Foundation
import Synchronization

/// A process the harness started and owns: only it is ever signalled.
///
/// Standard output and error go to files under the owning server's directory, so a long-running
/// client never blocks on a full pipe.
///
/// ```swift
/// let music = try pulse.spawn("paplay", ["--property=media.role=music", tone])
/// defer { music.kill() }
/// let status = await music.waitForExit()
/// ```
public final class ChildProcess: Sendable {
    /// The process identifier.
    public let pid: Int32
    /// The command line it was started with.
    public let command: [String]
    let outputPath: String
    let errorPath: String
    private let exit: ExitTracker

    /// The process's exit, shared with the thread that waits for it.
    private final class ExitTracker: Sendable {
        enum State {
            case running([CheckedContinuation<Int32, Never>])
            case exited(Int32)
        }
        let state = Mutex<State>(.running([]))

        func finish(_ status: Int32) {
            let waiters = state.withLock { state -> [CheckedContinuation<Int32, Never>] in
                guard case .running(let waiters) = state else { return [] }
                state = .exited(status)
                return waiters
            }
            for waiter in waiters { waiter.resume(returning: status) }
        }
    }

    /// Starts `command` (looked up on `PATH`) with exactly `environment`.
    public init(_ command: [String], environment: [String: String], outputDirectory: String) throws {
        precondition(!command.isEmpty, "a command needs at least the tool's name")
        let stamp = UInt64.random(in: 0...UInt64.max)
        let name = command[0].split(separator: "/").last.map(String.init) ?? "tool"
        outputPath = "\(outputDirectory)/\(name)-\(stamp).out"
        errorPath = "\(outputDirectory)/\(name)-\(stamp).err"
        self.command = command
        let pid = try ProcessSpawner.spawn(command, environment: environment, outputPath: outputPath, errorPath: errorPath)
        self.pid = pid
        let exit = ExitTracker()
        self.exit = exit
        // One plain thread per child, blocked in waitpid for exactly this PID: no SIGCHLD handler,
        // no cooperative thread held.
        Thread.detachNewThread { exit.finish(ProcessSpawner.waitBlocking(for: pid)) }
    }

    /// Whether the process is still running.
    public var isRunning: Bool {
        exit.state.withLock { if case .running = $0 { true } else { false } }
    }

    /// Waits, without a deadline, for the process to end and returns its status (128 + signal
    /// when killed). Tests wait through ``waitForExit()``, which bounds this.
    func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            let done = exit.state.withLock { state -> Int32? in
                switch state {
                case .exited(let status): return status
                case .running(var waiters):
                    waiters.append(continuation)
                    state = .running(waiters)
                    return nil
                }
            }
            if let done { continuation.resume(returning: done) }
        }
    }

    /// Sends SIGTERM, if it still runs.
    public func terminate() { signal(SIGTERM) }

    /// Sends SIGKILL, if it still runs.
    public func kill() { signal(SIGKILL) }

    /// Sends `signalNumber`, if it still runs. The PID is not reaped until the waiting thread has
    /// recorded the exit, so it cannot have been recycled while `isRunning` is true.
    public func signal(_ signalNumber: Int32) {
        guard isRunning else { return }
        _ = Foundation.kill(pid, signalNumber)
    }

    /// What the process has written to standard output so far.
    public var standardOutput: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// How many bytes the process has written to standard output so far: whether a recorder
    /// (parec) still gets audio.
    ///
    /// ```swift
    /// let before = recorder.standardOutputByteCount
    /// ```
    public var standardOutputByteCount: Int {
        ((try? FileManager.default.attributesOfItem(atPath: outputPath)[.size]) as? NSNumber)?.intValue ?? 0
    }

    /// What the process has written to standard error so far.
    public var standardError: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Removes the files that hold the process's output.
    func removeOutputFiles() {
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
    }

    deinit { kill() }
}
