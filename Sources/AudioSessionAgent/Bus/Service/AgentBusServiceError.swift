/// Why the agent's bus service could not start.
///
/// ```swift
/// do {
///     _ = try await AgentBusService.start(connection: bus, coordinator: coordinator, catalog: catalog, status: board)
/// } catch {
///     print(error)  // another agent already owns org.audiosession.Agent on this bus (connection :1.7); ...
/// }
/// ```
public struct AgentBusServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// Another connection owns the agent's well-known name.
        case nameTaken
        /// The bus refused or failed a call the service needs (export, name request, match rule).
        case bus
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
