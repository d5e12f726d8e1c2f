/// One agent process's footprints, one per round, and whether they stayed flat.
///
/// "Flat": the first `warmUp` rounds are the agent's warm-up (caches, the first sessions, the
/// allocator's arenas) and are not judged. The next `noiseRounds` give the reference (the first
/// of them) and the noise (their spread); the tolerance is twice the noise, at least 1 MiB of RSS
/// and 2 descriptors. The process's last round must not exceed the reference by more.
struct FootprintSeries: Sendable {
    static let warmUp = 3
    static let noiseRounds = 3

    let pid: Int32
    private(set) var rounds: [AgentFootprint] = []

    init(pid: Int32) {
        self.pid = pid
    }

    mutating func record(_ footprint: AgentFootprint) {
        rounds.append(footprint)
    }

    /// Whether enough rounds were measured to judge this process.
    var isJudgeable: Bool { rounds.count > Self.warmUp + Self.noiseRounds }

    /// The first round after warm-up.
    var reference: AgentFootprint? { rounds.count > Self.warmUp ? rounds[Self.warmUp] : nil }

    /// The tolerance measured on the rounds just after warm-up.
    var tolerance: AgentFootprint? {
        guard isJudgeable else { return nil }
        let window = rounds[Self.warmUp..<(Self.warmUp + Self.noiseRounds)]
        let rss = window.map(\.residentKiB)
        let files = window.map(\.openFiles)
        return AgentFootprint(
            residentKiB: max(1024, 2 * ((rss.max() ?? 0) - (rss.min() ?? 0))),
            openFiles: max(2, 2 * ((files.max() ?? 0) - (files.min() ?? 0))))
    }

    /// Why the process's footprint is not flat, or nil when it is (or cannot be judged yet).
    var growth: String? {
        guard let reference, let tolerance, let last = rounds.last else { return nil }
        var problems: [String] = []
        if last.residentKiB > reference.residentKiB + tolerance.residentKiB {
            problems.append(
                "RSS grew from \(reference.residentKiB) KiB after warm-up to \(last.residentKiB) KiB "
                    + "(tolerance \(tolerance.residentKiB) KiB)")
        }
        if last.openFiles > reference.openFiles + tolerance.openFiles {
            problems.append(
                "fds grew from \(reference.openFiles) after warm-up to \(last.openFiles) (tolerance \(tolerance.openFiles)): "
                    + last.kindsGrown(since: reference))
        }
        return problems.isEmpty ? nil : "agent \(pid) over \(rounds.count) rounds: " + problems.joined(separator: "; ")
    }

    /// The process's figures: first, after warm-up, last.
    var summary: String {
        let first = rounds.first.map(\.description) ?? "-"
        let after = reference.map(\.description) ?? "-"
        let last = rounds.last.map(\.description) ?? "-"
        let judged = isJudgeable ? "tolerance \(tolerance.map { "\($0.residentKiB) KiB, \($0.openFiles) fds" } ?? "-")" : "too few rounds to judge"
        return "agent \(pid), \(rounds.count) rounds: first \(first); after warm-up \(after); last \(last) (\(judged))"
    }
}
