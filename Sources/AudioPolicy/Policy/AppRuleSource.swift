/// Where the ids an `[[app]]` rule matches by come from (`source` in files): how far a user may
/// trust that the rule meets the app as it really is.
///
/// ```swift
/// AppRuleSource(rawValue: "seen")   // .seen
/// ```
public enum AppRuleSource: String, Hashable, Sendable, CaseIterable {
    /// Observed on the real client, with a recorded property fixture the tests replay
    /// (`Tests/Fixtures/apps/`): the shipped table asserts these.
    case seen
    /// Read from the app's published manifest or desktop file (its Flatpak id, its binary).
    case manifest
    /// Believed, not checked: a rule that may never meet the app.
    case unverified
}
