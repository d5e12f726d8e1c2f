import TOMLReader

/// Checks a merged policy tree setting by setting and collects every problem instead of stopping
/// at the first, so one `policy check` run lists everything to fix.
struct PolicyValidator {
    private(set) var problems: [PolicyProblem] = []
    /// Problems found past ``maximumProblems``: counted, not kept.
    private(set) var omittedProblems = 0

    /// A file with thousands of mistakes (or a generated one) gets a readable answer, not a flood.
    static let maximumProblems = 100
    /// Key paths and messages quote what the file says; a megabyte-long key is shown cut.
    static let maximumPathLength = 200
    static let maximumMessageLength = 600

    /// The problems in file order, then line and column order; a last line counts those left out.
    var sortedProblems: [PolicyProblem] {
        var sorted = problems.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element, rhs.element)
            if a.file != b.file { return lhs.offset < rhs.offset }
            switch (a.position, b.position) {
            case (let pa?, let pb?) where pa != pb: return pa < pb
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
        if omittedProblems > 0, let last = sorted.last {
            sorted.append(PolicyProblem(
                file: last.file, position: nil, keyPath: "",
                message: "\(omittedProblems) more problems not listed (only the first \(Self.maximumProblems) are)"))
        }
        return sorted
    }

    mutating func report(_ message: String, file: String, position: SourcePosition?, path: String) {
        guard problems.count < Self.maximumProblems else {
            omittedProblems += 1
            return
        }
        problems.append(PolicyProblem(
            file: file, position: position, keyPath: ProblemText.abbreviated(path, to: Self.maximumPathLength),
            message: ProblemText.abbreviated(message, to: Self.maximumMessageLength)))
    }

    /// Reports a problem with a value (or, with `onKey`, with the key itself).
    mutating func report(_ message: String, at node: PolicyNode, onKey: Bool = false) {
        report(message, file: node.file, position: onKey ? node.keyPosition : node.position, path: node.path)
    }

    /// The node for `key` in `table`, or `nil` when the key is absent.
    func child(_ key: String, of table: MergedTable, path: String) -> PolicyNode? {
        table.entry(for: key).map { PolicyNode(entry: $0, parentPath: path) }
    }

    /// Reports every key of `table` that is not in `known`, suggesting the nearest known key.
    mutating func rejectUnknownKeys(in table: MergedTable, path: String, known: [String]) {
        for entry in table.entries where !known.contains(entry.key) {
            let node = PolicyNode(entry: entry, parentPath: path)
            report(Self.unknownMessage(kind: "key", name: entry.key, accepted: known), at: node, onKey: true)
        }
    }

    /// Reports a required key that is absent, at its table's position.
    mutating func reportMissing(_ key: String, in table: MergedTable, path: String, expected: String) {
        let keyPath = path.isEmpty ? key : path + "." + key
        report("missing; expected \(expected)", file: table.file, position: table.position, path: keyPath)
    }
}
