/// Why `audiosessiond` could not start, or stopped on its own; the message says what to do.
///
/// ```swift
/// do { _ = try await AgentDaemon.start(configuration) } catch {
///     print(error)   // the policy cannot be loaded: /tmp/bad.toml:3:9: ...
/// }
/// ```
public struct AgentDaemonError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// A command-line choice that cannot be honoured.
        case usage
        /// The policy files could not be loaded.
        case policy
        /// The session bus could not be reached, or another agent owns the name.
        case bus
        /// The sound server could not be reached, or the journal opened.
        case soundServer
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

    public var description: String { message }
}
