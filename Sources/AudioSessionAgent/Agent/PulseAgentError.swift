import PulseBackend

/// Why a ``PulseAgent`` could not start, or stopped on its own.
///
/// ```swift
/// do {
///     try await agent.run()
/// } catch {
///     print(error)   // the sound server connection was lost: Connection terminated
/// }
/// ```
public struct PulseAgentError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The server could not be reached or refused the connection.
        case connecting
        /// The journal could not be opened (locked by another agent, not private, I/O).
        case journal
        /// The server went away while the agent ran; the journal keeps what is still to be undone.
        case connectionLost
    }

    /// What went wrong.
    public var kind: Kind
    /// What happened, and what to do about it.
    public var message: String

    /// An error of `kind`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String {
        switch kind {
        case .connecting: "cannot connect to the sound server: \(message)"
        case .journal: "cannot open the journal: \(message)"
        case .connectionLost:
            "the sound server connection was lost: \(message); the journal keeps what is still to be undone "
                + "for the next agent"
        }
    }
}
