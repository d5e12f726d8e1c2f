/// What a bound node reports about itself: its state and its `Props` param.
///
/// ```swift
/// if let info = connection.globals[id]?.node, info.state == .running {
///     print("volume factor", info.props?.volume ?? 1)
/// }
/// ```
public struct PipeWireNodeInfo: Sendable, Hashable {
    /// The node's processing state. A node paused by another client may still say running.
    public var state: PipeWireNodeState
    /// The server's reason when ``state`` is ``PipeWireNodeState/error``.
    public var error: String?
    /// Volume, mute and channel volumes from the node's `Props` param, once it was read; nil for
    /// nodes without readable Props.
    public var props: PipeWireNodeProps?

    /// Creates node info; the mirror fills it from node events.
    public init(state: PipeWireNodeState, error: String? = nil, props: PipeWireNodeProps? = nil) {
        self.state = state
        self.error = error
        self.props = props
    }
}
