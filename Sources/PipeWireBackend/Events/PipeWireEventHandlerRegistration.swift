/// Identifies a synchronous event handler; pass it to
/// ``PipeWireConnection/removeEventHandler(_:)`` to stop it.
///
/// ```swift
/// let registration = connection.addEventHandler { event in react(to: event) }
/// defer { connection.removeEventHandler(registration) }
/// ```
public struct PipeWireEventHandlerRegistration: Sendable, Hashable {
    let number: UInt64
}
