/// A per-app rule (`[[app]]` in files), matched by application id.
///
/// ```swift
/// let screenReader = AppRule(match: ["orca"], exempt: true, role: .accessibility)
/// ```
public struct AppRule: Hashable, Sendable {
    /// Application ids the rule covers (application.id, process binary, Flatpak or portal app id).
    public var match: [String]
    /// Never ducked, silenced or moved; never a trigger.
    public var exempt: Bool
    /// The role given to the app's role-less streams, if any.
    public var role: Role?

    /// Creates an app rule.
    public init(match: [String], exempt: Bool = false, role: Role? = nil) {
        self.match = match
        self.exempt = exempt
        self.role = role
    }
}
