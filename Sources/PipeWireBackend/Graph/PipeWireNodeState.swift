/// A node's processing state (`enum pw_node_state`).
///
/// ```swift
/// let sounding = connection.globals.values.filter { $0.node?.state == .running }
/// ```
public enum PipeWireNodeState: String, Sendable, Hashable, CaseIterable {
    /// The node failed; see ``PipeWireNodeInfo/error``.
    case error
    /// Being created.
    case creating
    /// Suspended: its device is closed.
    case suspended
    /// Ready, but not processing.
    case idle
    /// Processing data.
    case running
}
