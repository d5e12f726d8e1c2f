import Foundation

/// Starts processes with `posix_spawn` and waits for them with `waitpid`.
///
/// Children start with an empty signal mask and default signal dispositions, whatever thread
/// spawns them.
///
/// Foundation's `Process` on Linux was seen to leave finished children as zombies whose
/// termination handler never ran while many tests started processes at once; and its
/// `waitUntilExit()` blocks a cooperative thread. Tests need neither risk: each child gets a
/// plain thread that blocks in `waitpid` for exactly that PID.
enum ProcessSpawner {
    /// Starts `command` (looked up on `PATH` through `/usr/bin/env`) with exactly `environment`,
    /// standard input from /dev/null and standard output and error appended to the given files.
    static func spawn(
        _ command: [String], environment: [String: String], outputPath: String, errorPath: String
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        // Threads of the Swift runtime block most signals and the process ignores some (SIGPIPE);
        // a child inherits both, and a child that ignores SIGTERM cannot be stopped gracefully.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = ["/usr/bin/env"] + command
        let environmentLines = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environmentLines) { envp in
                posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
            }
        }
        guard status == 0 else {
            throw ToolFailure(
                command: command,
                result: ToolResult(status: -1, standardOutput: "", standardError: "posix_spawn failed: \(String(cString: strerror(status)))"))
        }
        return pid
    }

    /// Blocks the calling thread until `pid` exits; returns its status (128 + signal when killed).
    static func waitBlocking(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            if errno != EINTR { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { buffer in
            // posix_spawn takes char *const argv[]; the strings are ours and outlive the call.
            body(buffer.baseAddress.unsafelyUnwrapped)
        }
    }
}
