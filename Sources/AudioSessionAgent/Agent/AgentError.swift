/// Why an agent (``PulseAgent`` or ``PipeWireAgent``) could not start, or stopped on its own,
/// whichever protocol it speaks to its sound server.
///
/// ```swift
/// do {
///     try await agent.run()
/// } catch {
///     print(error)   // the sound server connection was lost: Connection terminated; ...
/// }
/// ```
public struct AgentError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The server could not be reached, refused the connection, or did not say who it is.
        case connecting
        /// The journal could not be opened (locked by another agent, not private, I/O).
        case journal
        /// The server went away while the agent ran; the journal keeps what is still to be undone.
        case connectionLost
    }

    /// What went wrong.
    public var kind: Kind
    /// What happened, in the server's or the journal's words.
    public var message: String

    /// An error of `kind`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String {
        switch kind {
        case .connecting:
            "cannot connect to the sound server: \(message); check that it runs and that PULSE_SERVER or "
                + "PIPEWIRE_REMOTE (if set) names it"
        case .journal: "cannot open the journal: \(message)"
        case .connectionLost:
            "the sound server connection was lost: \(message); the journal keeps what is still to be undone "
                + "for the next agent"
        }
    }
}
