#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The only place the agent starts, signals and reaps helper processes: each function maps a C
/// failure to a typed ``SystemErrno``, as ``FileSyscalls`` does for files.
enum ProcessSyscalls {
    /// Starts `arguments[0]` (looked up on PATH) with `environment`, the signals the agent handles
    /// back at their default dispositions and none blocked; the agent opens its own descriptors close-on-exec, so the
    /// child inherits only standard input, output and error.
    /// The corresponding C function is `posix_spawnp`.
    static func spawn(_ arguments: [String], environment: [String: String]) -> Result<pid_t, SystemErrno> {
        guard let executable = arguments.first else { return .failure(SystemErrno(code: EINVAL)) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, executable, nil, &attributes, argv, envp)
        return result == 0 ? .success(pid) : .failure(SystemErrno(code: result))
    }

    /// This process's environment. The corresponding C variable is `environ`.
    static func currentEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return environment
    }

    /// Sends `signal` to `pid`. The corresponding C function is `kill`.
    static func signal(_ pid: pid_t, _ signal: Int32) -> Result<Void, SystemErrno> {
        kill(pid, signal) == 0 ? .success(()) : .failure(SystemErrno(code: errno))
    }

    /// Reaps the child `pid` if it has ended: `true` once reaped (or when it is no child of ours),
    /// `false` while it runs. The corresponding C function is `waitpid` with `WNOHANG`.
    static func reapIfEnded(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == -1 && errno == EINTR { continue }
            return result != 0
        }
    }

    /// Waits until the child `pid` has ended and reaps it. Blocks: call it off the loop thread.
    /// The corresponding C function is `waitpid`.
    static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }
}
