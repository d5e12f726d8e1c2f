/// Which files make up the policy, in the order they are applied.
///
/// Levels, from lowest to highest: the shipped `default.toml`; each directory of
/// `$XDG_CONFIG_DIRS` (default `/etc/xdg`), last listed lowest; `$XDG_CONFIG_HOME` (default
/// `~/.config`). At each level, `audiosession/policy.toml` is a complete policy and
/// `audiosession/policy.d/*.toml` are fragments.
///
/// - The base is the `policy.toml` of the highest level that has one (the shipped default when
///   none does): a complete policy replaces everything below it.
/// - Fragments of that level and of every higher level are applied over the base, level by level,
///   each directory's files in lexical (byte) order. Names starting with `.` are skipped.
/// - An explicit path (`--policy FILE`) is the whole policy: no fragments are applied.
///
/// ```swift
/// let search = PolicySearchPath(environment: ["HOME": "/home/ada"],
///                               shippedPolicy: "/usr/share/audiosession/policies/default.toml")
/// search.levels.map(\.directory)
/// // ["/etc/xdg/audiosession", "/home/ada/.config/audiosession"]
/// ```
public struct PolicySearchPath: Sendable, Hashable {
    /// One configuration directory (`…/audiosession`).
    public struct Level: Sendable, Hashable {
        /// The directory holding `policy.toml` and `policy.d/`.
        public var directory: String
        /// `directory/policy.toml`.
        public var baseFile: String { directory + "/policy.toml" }
        /// `directory/policy.d`.
        public var fragmentDirectory: String { directory + "/policy.d" }
    }

    /// The shipped default policy, used when no level has a `policy.toml`.
    public var shippedPolicy: String
    /// Configuration levels, lowest first.
    public var levels: [Level]

    /// Derives the levels from `XDG_CONFIG_HOME`, `XDG_CONFIG_DIRS` and `HOME` as the XDG base
    /// directory specification defines them (relative paths are ignored, as it requires).
    public init(environment: [String: String], shippedPolicy: String) {
        self.shippedPolicy = shippedPolicy
        let systemDirectories = Self.absolutePaths(environment["XDG_CONFIG_DIRS"]) ?? ["/etc/xdg"]
        var levels = systemDirectories.reversed().map { Level(directory: $0 + "/audiosession") }
        if let configHome = Self.absolutePaths(environment["XDG_CONFIG_HOME"])?.first {
            levels.append(Level(directory: configHome + "/audiosession"))
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            levels.append(Level(directory: Self.trimmingSlash(home) + "/.config/audiosession"))
        }
        self.levels = levels
    }

    /// The absolute entries of a colon-separated list, or `nil` when there are none.
    private static func absolutePaths(_ list: String?) -> [String]? {
        guard let list else { return nil }
        let paths = list.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }.map(trimmingSlash)
        return paths.isEmpty ? nil : paths
    }

    private static func trimmingSlash(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
