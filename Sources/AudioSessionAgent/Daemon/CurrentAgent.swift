import Synchronization

/// The agent serving the sound server now, or none while it is away: what the parts that outlive
/// one connection (the route source of the bus service) read the graph through.
final class CurrentAgent<Agent: SeatedAgent>: Sendable {
    private let agent = Mutex<Agent?>(nil)

    init(_ agent: Agent?) {
        self.agent.withLock { $0 = agent }
    }

    var now: Agent? { agent.withLock { $0 } }

    func replace(with next: Agent?) {
        agent.withLock { $0 = next }
    }
}
