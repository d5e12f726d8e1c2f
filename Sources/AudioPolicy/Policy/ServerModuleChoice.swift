/// What the agent does about a server-side policy module (`[server-modules]` in policy files).
///
/// ```swift
/// ServerModuleChoice(rawValue: "take-over")  // .takeOver
/// ```
public enum ServerModuleChoice: String, CaseIterable, Hashable, Sendable {
    /// The agent unloads the module while it runs (journalled first) and does its job itself; the
    /// module is loaded again with its original argument when the agent stops, or by the next
    /// agent after a crash.
    case takeOver = "take-over"
    /// The module keeps its job; the agent neither acts on the streams it handles nor lets them act.
    case leave

    /// The spelling policy files use.
    public var name: String { rawValue }
}
