import PipeWireBackend

/// The PipeWire connection's loop lock as the coordinator's ``OuterLock``: bus calls take it before
/// the coordinator's own lock, as the loop thread does when it reacts to the server.
///
/// ```swift
/// let coordinator = PolicyCoordinator(engine: engine, sinks: [enforcer], outerLock: PipeWireLoopLock(connection))
/// ```
struct PipeWireLoopLock: OuterLock {
    let connection: PipeWireConnection

    init(_ connection: PipeWireConnection) { self.connection = connection }

    func withLock<Result>(_ body: () -> Result) -> Result {
        connection.withLoopLocked(body)
    }
}
