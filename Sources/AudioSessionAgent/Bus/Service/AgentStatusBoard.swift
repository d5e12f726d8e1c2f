import Synchronization

/// The agent's ``AgentStatus``, shared by the parts that change it (a policy reload, the sound
/// server going away and coming back) and the bus service that reports it.
///
/// ```swift
/// let board = AgentStatusBoard(AgentStatus(backend: "pulse", server: "pulseaudio 16.1", policySource: file))
/// board.update { $0.policySource = newFile }
/// board.current.mediaServicesAvailable   // true
/// ```
public final class AgentStatusBoard: Sendable {
    private let status: Mutex<AgentStatus>

    /// A board showing `status`.
    public init(_ status: AgentStatus) {
        self.status = Mutex(status)
    }

    /// The status now.
    public var current: AgentStatus { status.withLock { $0 } }

    /// Changes the status.
    public func update(_ change: (inout AgentStatus) -> Void) {
        status.withLock { change(&$0) }
    }
}
