import AudioPolicy
import AudioSessionBus
import AudioSessionContract
import Logging

extension AgentBusService {
    /// `ReloadPolicy`: reads the policy files again, as SIGHUP does, and answers with the files now
    /// in force; a policy the loader refuses is an `org.audiosession.Error.Failed` carrying every
    /// problem, and the policy in force is kept. A sandboxed caller gets `AccessDenied`: the
    /// policy is the user's, and an app must not make the agent take a file it may have dropped.
    func reloadPolicy(caller: BusCaller) throws(BusError) -> BusArguments {
        guard !caller.isSandboxed else {
            throw BusError(
                AgentErrorName.accessDenied,
                "the policy is the user's: a sandboxed app (\(caller.flatpakID ?? "unknown")) may not reload it")
        }
        guard let policyReloader else {
            throw BusError(AgentErrorName.failed, "this agent was given its policy, not files it can read again")
        }
        do {
            let files = try policyReloader.reloadOrThrow()
            return [files.busValue]
        } catch {
            throw BusError(
                AgentErrorName.failed, "the policy was not reloaded; the agent keeps the policy in force: "
                    + error.problems.map(\.description).joined(separator: "; "))
        }
    }
}
