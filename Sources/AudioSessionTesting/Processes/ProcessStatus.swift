import Foundation

/// What a test can learn about any process by its PID.
public enum ProcessStatus {
    /// Whether `pid` is a running process. A zombie is not running: orphaned servers are reaped by
    /// init, and some inits reap late.
    public static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: end)...].split(separator: " ").first
        return state != "Z" && state != "X"
    }
}
