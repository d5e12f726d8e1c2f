import Dispatch
import Glibc

/// The command `run` wraps: started with `posix_spawnp`, sharing the tool's standard input,
/// output and error, with SIGINT and SIGTERM back at their default dispositions and none blocked
/// (the tool itself ignores them while it forwards them).
final class SpawnedCommand: Sendable {
    let pid: pid_t
    let command: [String]

    private init(pid: pid_t, command: [String]) {
        self.pid = pid
        self.command = command
    }

    /// Starts `command` (looked up on PATH) with exactly `environment`.
    static func spawn(_ command: [String], environment: [String: String]) throws(CtlFailure) -> SpawnedCommand {
        guard let executable = command.first else {
            throw CtlFailure("no command to run", exitCode: CtlExitCode.usage)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in TerminationSignals.watched + [SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let arguments = command.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, executable, nil, &attributes, arguments, variables)
        switch result {
        case 0:
            return SpawnedCommand(pid: pid, command: command)
        case ENOENT:
            throw CtlFailure("\(executable): command not found", exitCode: CtlExitCode.commandNotFound)
        default:
            throw CtlFailure(
                "cannot run \(executable): \(String(cString: strerror(result)))",
                exitCode: CtlExitCode.commandNotExecutable)
        }
    }

    /// Sends `signal` to the command (forwarding what the tool received).
    func send(_ signal: Int32) { _ = kill(pid, signal) }

    /// Waits for the command to end. The blocking `waitpid` runs on a dispatch thread, not on the
    /// cooperative pool.
    func waitForExit() async -> CommandTermination {
        let pid = self.pid
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                continuation.resume(returning: CommandTermination(waitStatus: status))
            }
        }
    }
}
