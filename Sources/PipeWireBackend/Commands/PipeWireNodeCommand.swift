/// A command for a node (`SPA_NODE_COMMAND_*`).
///
/// Pause stops the node's processing, so its audio stops, while the node may still report
/// ``PipeWireNodeState/running``: track what you paused yourself.
///
/// ```swift
/// try connection.send(.pause, toNode: music.id)
/// try connection.send(.start, toNode: music.id)
/// ```
public enum PipeWireNodeCommand: String, Sendable, Hashable, CaseIterable {
    /// `SPA_NODE_COMMAND_Pause`.
    case pause
    /// `SPA_NODE_COMMAND_Start`.
    case start
}
