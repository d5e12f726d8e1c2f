extension AgentOptions {
    /// Asks the running agent to read its policy again after `fragment` was written (`written`) or
    /// removed, and says what happened: reloaded, not running (the change takes effect at its next
    /// start), or running on a `--policy` file, where fragments do not apply.
    ///
    /// - Throws: a ``CtlFailure`` when the agent refused the policy (it keeps the one in force) or
    ///   did not answer.
    func reloadAgentPolicy(after fragment: String, written: Bool) async throws(CtlFailure) -> String {
        let client: AgentClient
        do {
            client = try connect()
        } catch where error.exitCode == CtlExitCode.unavailable {
            return "no session bus: audiosessiond takes it at its next start"
        }
        defer { client.close() }
        let files: [String]
        do {
            files = try await client.reloadPolicy()
        } catch where error.message == AgentClient.notRunningMessage {
            return "audiosessiond is not running: it takes effect at the agent's next start"
        } catch where error.exitCode == CtlExitCode.dataError {
            throw CtlFailure("audiosessiond refused the policy and keeps the one in force: \(error.message)", exitCode: error.exitCode)
        }
        if files.contains(fragment) != written {
            return "audiosessiond reloaded its policy, but it runs with its own --policy file, where fragments do not apply"
        }
        return "audiosessiond reloaded its policy"
    }
}
