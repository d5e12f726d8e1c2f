/// How a command `run` started ended, and the status `run` exits with for it.
enum CommandTermination: Equatable {
    case exited(Int32)
    case killed(signal: Int32)

    /// The `wait` status decoded (the WIFEXITED/WTERMSIG macros are not importable from Swift).
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
    }

    /// The command's own status, or 128 + the signal that killed it (the shell's convention).
    var exitStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .killed(let signal): 128 + signal
        }
    }
}
