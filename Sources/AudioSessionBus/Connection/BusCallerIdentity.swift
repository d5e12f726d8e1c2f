/// Who is on the other end of a connection, as the bus knows it (not as the caller claims).
///
/// ```swift
/// let caller = try await bus.callerIdentity(of: call.sender)
/// guard caller.userID == getuid() else { throw BusError(.accessDenied, "another user's call") }
/// ```
public struct BusCallerIdentity: Sendable, Hashable {
    /// The connection's unique name.
    public var uniqueName: String
    /// The process ID of the connected process.
    public var processID: Int32
    /// The Unix user ID of the connected process.
    public var userID: UInt32
}
