import AudioPolicy
import TOMLReader

/// Policy files of growing size, loaded through the project's loader from memory: the loader and
/// the TOML reader must take time linear in the file, so the time per rule (or per header, or per
/// key) at the largest size should stay near that at the smallest. Quadratic reading (an array of
/// tables rebuilt at every header, a line rescanned for every column) showed as 8.9 s for 40,000
/// `[[t]]` headers.
struct PolicyLoadWorkload {
    /// What grows.
    enum Shape: String, CaseIterable {
        /// `[[app]]` rules, each with a match list, as a generated app table would be.
        case appRules = "app-rules"
        /// `[[t]]` headers, read by the TOML reader alone.
        case tableHeaders = "table-headers"
        /// Keys of one inline table on one line, read by the TOML reader alone.
        case inlineKeys = "inline-keys"
    }

    var shape: Shape
    var count: Int
    /// Where the loader is told the file is.
    static let path = "/bench/policy.toml"

    /// The file's bytes.
    var text: [UInt8] {
        switch shape {
        case .appRules:
            let rules = (0..<count).map { "[[app]]\nmatch = [\"app-\($0)\", \"org.example.App\($0)\"]\nrole = \"music\"\n" }
            return Array(("version = 1\n" + rules.joined()).utf8)
        case .tableHeaders:
            return Array(String(repeating: "[[t]]\nx = 1\n", count: count).utf8)
        case .inlineKeys:
            return Array(("t = { " + (0..<count).map { "k\($0) = \($0)" }.joined(separator: ", ") + " }\n").utf8)
        }
    }

    /// Loads or parses the file until `budget` is spent; one line: `loading shape=S count=N seconds=T us_per_item=U`.
    func measure(_ budget: MeasuringBudget) throws -> String {
        let bytes = text
        let clock = ContinuousClock()
        let start = clock.now
        var cycles = 0
        repeat {
            switch shape {
            case .appRules:
                let loader = PolicyLoader(
                    fileSystem: InMemoryPolicyFileSystem(files: [Self.path: bytes]),
                    searchPath: PolicySearchPath(environment: [:], shippedPolicy: Self.path))
                _ = try loader.load(explicitFile: Self.path)
            case .tableHeaders, .inlineKeys:
                _ = try TOMLDocument(parsingUTF8: bytes)
            }
            cycles += 1
        } while !budget.isSpent(elapsed: clock.now - start, cycles: cycles)
        let seconds = (clock.now - start).seconds / Double(cycles)
        return "loading shape=\(shape.rawValue) count=\(count) bytes=\(bytes.count) seconds=\(seconds.fixed(4))"
            + " us_per_item=\((seconds * 1e6 / Double(count)).fixed(3))"
    }
}
