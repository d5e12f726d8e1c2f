public import AudioPolicy
public import SoundServer

/// An agent that serves a coordinator from a ``ServerSeat`` and leaves the seat when its server
/// goes away, so that the coordinator's sessions outlive the connection: what
/// ``ReconnectingAgentService`` needs of an agent, whichever protocol it speaks (``PulseAgent``,
/// ``PipeWireAgent``).
///
/// ```swift
/// do {
///     try await agent.run()
/// } catch {
///     agent.leaveAfterLoss()   // the sessions stay; a new agent takes the seat later
/// }
/// ```
public protocol SeatedAgent: ServedAgent {
    /// How the agent reaches its server and keeps its journal.
    associatedtype Configuration: Sendable

    /// A clock for a coordinator served by this kind of agent, or `nil` when the agent wakes the
    /// engine for no deadline (time then passes for the engine only in `timePassed` events).
    static func makeClock() -> (any AgentClock)?

    /// Connects and serves `coordinator` from `seat` (empty; the coordinator's outer lock and
    /// first decision sink); see ``ServerSeat/connect(serving:)``.
    static func start(in seat: ServerSeat<Self>, coordinator: PolicyCoordinator) async throws(AgentError) -> Self

    /// The server instance the agent serves (its journal's key).
    var serverInstance: ServerInstance { get }
    /// The server's name and version, for `GetStatus` ("pulseaudio 16.1", "PipeWire 0.3.65").
    var serverDescription: String { get }
    /// The graph as the agent mirrors it now.
    var graph: Graph { get }

    /// After ``ServedAgent/run()`` threw ``AgentError/Kind/connectionLost``: stops acting (nothing
    /// can be undone on a server that is gone), lets go of players it paused without resuming them,
    /// leaves the seat, closes the journal (it stays on disk for the same instance should it come
    /// back, or to be discarded once it is known to be gone), and tells the coordinator that every
    /// stream and device of the server is gone. Sessions stay as they are.
    func leaveAfterLoss()
}

extension SeatedAgent {
    /// Connects, opens the journal of the server instance, mirrors the graph, tells the engine
    /// about every device and stream, and starts enforcing, with a coordinator of its own (in a seat
    /// of its own) that ends with the agent. A pending journal is undone after the grace period.
    ///
    /// ```swift
    /// let agent = try await PipeWireAgent.start(
    ///     policy: policy, configuration: PipeWireAgentConfiguration(journalDirectory: try .runtime()),
    ///     sinks: [notifier])
    /// ```
    ///
    /// - Parameter sinks: further decision sinks (the stream catalog, the bus notifier), called
    ///   after the agent's enforcer.
    /// - Throws: ``AgentError`` when the server cannot be reached or the journal cannot be opened.
    public static func start(
        policy: Policy, configuration: Configuration, sinks: [any DecisionSink] = []
    ) async throws(AgentError) -> Self {
        let seat = ServerSeat<Self>(configuration: configuration)
        let coordinator = PolicyCoordinator(
            engine: PolicyEngine(policy: policy), sinks: [seat] + sinks, outerLock: seat, clock: seat.makeClock())
        return try await seat.connect(serving: coordinator)
    }
}
