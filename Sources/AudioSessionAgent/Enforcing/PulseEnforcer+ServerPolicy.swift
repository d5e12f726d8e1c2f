import Logging
import PulseBackend
import SoundServer

extension PulseEnforcer {
    /// The server modules that enforce policy of their own and would fight the agent: Debian's
    /// stock default.pa loads module-role-cork, which mutes and request-corks music for a phone
    /// stream exactly when the agent silences it (see docs/server-facts.md).
    static let competingModules: Set<String> = ["module-role-cork", "module-role-ducking"]

    /// Takes the competing modules' job over: each loaded one is journalled (so it is loaded again
    /// when the agent stops, or by the next agent's shutdown after a crash) and then unloaded.
    /// Loop lock held.
    func takeOverServerPolicy(in graph: Graph) {
        for module in graph.modules.values.sorted(by: { $0.index < $1.index }) where Self.competingModules.contains(module.name) {
            do {
                try journal.record(.moduleUnloaded(name: module.name, argument: module.argument))
            } catch {
                logger.error(
                    "leaving a policy module loaded: the journal cannot be written",
                    metadata: ["module.name": "\(module.name)", "journal.error": "\(error)"])
                continue
            }
            logger.info("taking over a server policy module's job: unloading it while the agent runs", metadata: ["module.name": "\(module.name)"])
            let logger = logger
            connection.submit(.unloadModule(index: module.index)) { result in
                if case .failure(let error) = result {
                    logger.warning("cannot unload a policy module", metadata: ["module.name": "\(module.name)", "pulse.error": "\(error)"])
                }
            }
        }
    }
}
