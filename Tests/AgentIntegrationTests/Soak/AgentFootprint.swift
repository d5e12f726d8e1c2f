import Foundation

/// The agent's resident memory and open file descriptors at one moment, read from /proc.
struct AgentFootprint: Sendable, Equatable {
    /// VmRSS in KiB.
    var residentKiB: Int
    /// Entries of /proc/PID/fd.
    var openFiles: Int
    /// How many descriptors of each kind (`socket`, `anon_inode:[eventfd]`, `pipe`, a path), so a
    /// growth names what grew.
    var kinds: [String: Int] = [:]

    /// The figures of process `pid` now, or nil when it is gone.
    static func read(pid: Int32) -> AgentFootprint? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kib = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) }),
            let files = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
        else { return nil }
        var kinds: [String: Int] = [:]
        for file in files {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(file)")) ?? "gone"
            kinds[kind(of: target), default: 0] += 1
        }
        return AgentFootprint(residentKiB: kib, openFiles: files.count, kinds: kinds)
    }

    /// `socket:[1234]` and `pipe:[1234]` by their type alone; anything else as it reads.
    private static func kind(of target: String) -> String {
        for prefix in ["socket:", "pipe:"] where target.hasPrefix(prefix) {
            return String(prefix.dropLast())
        }
        return target
    }

    /// The kinds that have more descriptors here than in `earlier`, such as `socket +2`.
    func kindsGrown(since earlier: AgentFootprint) -> String {
        kinds.keys.sorted().compactMap { kind in
            let grown = (kinds[kind] ?? 0) - (earlier.kinds[kind] ?? 0)
            return grown > 0 ? "\(kind) +\(grown)" : nil
        }.joined(separator: ", ")
    }

    var description: String {
        "RSS \(String(format: "%.1f", Double(residentKiB) / 1024)) MiB, \(openFiles) fds"
    }
}
