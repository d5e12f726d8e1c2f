/// The result of loading: the checked policy and the files it was read from.
///
/// ```swift
/// let loaded = try loader.load()
/// print(loaded.files)   // ["/usr/share/audiosession/policies/default.toml", "/home/ada/.config/audiosession/policy.d/10-quiet.toml"]
/// ```
public struct LoadedPolicy: Sendable {
    /// The files the policy came from, in the order they were applied (base first, then fragments),
    /// for `audiosessionctl status` and `explain`.
    public var files: [String]

    /// The checked settings in the file's own terms.
    let draft: PolicyDraft

    init(draft: PolicyDraft, files: [String]) {
        self.draft = draft
        self.files = files
    }
}
