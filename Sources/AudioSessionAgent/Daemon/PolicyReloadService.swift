public import AudioPolicy
public import Logging
public import ServiceLifecycle
public import UnixSignals

/// Reloads the policy on SIGHUP: a good policy replaces the one in force (the engine re-evaluates
/// every stream); a bad one is refused with the loader's message, and the agent keeps its last
/// good policy.
///
/// ```swift
/// let hangUps = await UnixSignalsSequence(trapping: .sighup)   // trapped before the agent is reachable
/// let reloader = PolicyReloadService(
///     source: source, coordinator: agent.coordinator, status: board, hangUps: hangUps, logger: logger)
/// let group = ServiceGroup(services: [agentService, busService, reloader], logger: logger)
/// ```
public final class PolicyReloadService: Service, Sendable {
    private let source: PolicySource
    private let coordinator: PolicyCoordinator
    private let status: AgentStatusBoard
    private let hangUps: UnixSignalsSequence
    private let logger: Logger

    /// A reloader that feeds `coordinator` and records the file in force on `status`.
    ///
    /// - Parameter hangUps: SIGHUP, trapped early: until it is, a SIGHUP would end the process.
    public init(
        source: PolicySource, coordinator: PolicyCoordinator, status: AgentStatusBoard, hangUps: UnixSignalsSequence,
        logger: Logger
    ) {
        self.source = source
        self.hangUps = hangUps
        self.coordinator = coordinator
        self.status = status
        self.logger = logger
    }

    /// Reloads on every SIGHUP until graceful shutdown or cancellation.
    public func run() async throws {
        for await _ in hangUps.cancelOnGracefulShutdown() {
            reload()
        }
    }

    /// Loads the policy files again and, when they are good, puts the new policy in force.
    ///
    /// - Returns: whether the new policy is in force.
    @discardableResult
    public func reload() -> Bool {
        (try? reloadOrThrow()) != nil
    }

    /// Loads the policy files again and, when they are good, puts the new policy in force
    /// (`ReloadPolicy` on the bus, which tells its caller why a policy was refused).
    ///
    /// - Returns: the files now in force, in the order they were applied.
    /// - Throws: ``PolicyLoadError`` with every problem; the policy in force is kept.
    @discardableResult
    public func reloadOrThrow() throws(PolicyLoadError) -> [String] {
        let loaded: LoadedPolicy
        do {
            loaded = try source.load()
        } catch {
            logger.error(
                "the policy was not reloaded: the agent keeps the policy in force",
                metadata: [
                    "policy.source": "\(status.current.policySource)", "policy.problem": "\(error.description)",
                ])
            throw error
        }
        coordinator.handle(.policyReplaced(loaded.policy))
        status.update { $0.policySource = loaded.files.first ?? "" }
        logger.info(
            "policy reloaded",
            metadata: ["policy.files": "\(loaded.files.joined(separator: ", "))", "policy.enabled": "\(loaded.policy.enabled)"])
        return loaded.files
    }
}
