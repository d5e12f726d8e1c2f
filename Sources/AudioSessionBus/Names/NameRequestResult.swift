/// What the bus answered to `RequestName`.
///
/// ```swift
/// guard try await bus.requestName("org.audiosession.Agent", options: [.doNotQueue]) == .primaryOwner else {
///     fatalError("another agent runs")
/// }
/// ```
public enum NameRequestResult: UInt32, Sendable, Hashable {
    /// This connection owns the name now.
    case primaryOwner = 1
    /// Another connection owns it; this one waits in the queue.
    case inQueue = 2
    /// Another connection owns it and this one did not queue.
    case exists = 3
    /// This connection already owned it.
    case alreadyOwner = 4
}
