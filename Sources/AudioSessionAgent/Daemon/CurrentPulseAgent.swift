import Synchronization

/// The agent serving the sound server now, or none while it is away: what the parts that outlive
/// one connection (the route source of the bus service) read the graph through.
final class CurrentPulseAgent: Sendable {
    private let agent = Mutex<PulseAgent?>(nil)

    init(_ agent: PulseAgent?) {
        self.agent.withLock { $0 = agent }
    }

    var now: PulseAgent? { agent.withLock { $0 } }

    func replace(with next: PulseAgent?) {
        agent.withLock { $0 = next }
    }
}
