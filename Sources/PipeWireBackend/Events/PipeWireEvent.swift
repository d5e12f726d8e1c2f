/// Something changed on the PipeWire server, as the connection's mirror saw it.
///
/// ```swift
/// for await event in connection.events() {
///     if case .globalAdded(let global) = event, global.type == .node { print("new node", global.id) }
/// }
/// ```
public enum PipeWireEvent: Sendable, Hashable {
    /// A global appeared. For nodes, state and full properties follow in ``globalChanged(_:)``.
    case globalAdded(PipeWireGlobal)
    /// A global's properties, state or Props changed; carries the new value.
    case globalChanged(PipeWireGlobal)
    /// A global went away; carries its last value.
    case globalRemoved(PipeWireGlobal)
    /// A metadata property was set or removed.
    case metadataChanged(PipeWireMetadataChange)
    /// The server reported an error about a request of this connection (a core `error` event).
    case serverError(PipeWireError)
    /// The connection broke; no event follows.
    case disconnected(PipeWireError)
}
