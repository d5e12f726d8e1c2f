import Foundation

/// The agent's resident memory and open file descriptors at one moment, read from /proc.
struct AgentFootprint: Sendable, Equatable {
    /// VmRSS in KiB.
    var residentKiB: Int
    /// Entries of /proc/PID/fd.
    var openFiles: Int

    /// The figures of process `pid` now, or nil when it is gone.
    static func read(pid: Int32) -> AgentFootprint? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kib = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) }),
            let files = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
        else { return nil }
        return AgentFootprint(residentKiB: kib, openFiles: files.count)
    }

    var description: String {
        "RSS \(String(format: "%.1f", Double(residentKiB) / 1024)) MiB, \(openFiles) fds"
    }
}
