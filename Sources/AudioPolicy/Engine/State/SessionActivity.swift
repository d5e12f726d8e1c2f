/// Where a session stands, as its app would observe it.
public enum SessionActivity: String, Hashable, Sendable {
    /// Active: its audio plays and it acts on others.
    case active
    /// Not active (never activated, deactivated, or its interruption ended).
    case inactive
    /// Interrupted by another participant and not yet told the interruption ended.
    case interrupted
}
