/// The result of loading: the checked policy and the files it was read from.
///
/// ```swift
/// let loaded = try loader.load()
/// print(loaded.files)   // ["/usr/share/audiosession/policies/default.toml", "/home/ada/.config/audiosession/policy.d/10-quiet.toml"]
/// loaded.policy.ducking.level   // 0.3
/// ```
public struct LoadedPolicy: Hashable, Sendable {
    /// The checked policy.
    public var policy: Policy
    /// The files the policy came from, in the order they were applied (base first, then fragments),
    /// for `audiosessionctl status` and `explain`.
    public var files: [String]

    /// Creates a result.
    public init(policy: Policy, files: [String]) {
        self.policy = policy
        self.files = files
    }
}
