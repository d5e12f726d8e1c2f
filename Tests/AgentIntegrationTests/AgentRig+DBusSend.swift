import AudioSessionTesting

extension AgentRig {
    /// Calls `METHOD` of the agent with `dbus-send` (a connection of its own) and waits for it.
    func dbusSend(_ method: String, _ arguments: [String]) async throws -> ToolResult {
        let child = try ChildProcess(
            ["dbus-send", "--bus=\(bus.address)", "--print-reply", "--dest=org.audiosession.Agent", "/org/audiosession/Agent",
             "org.audiosession.Agent1.\(method)"] + arguments,
            environment: ["PATH": "/usr/bin:/bin"], outputDirectory: directory)
        let status = await child.waitForExit()
        return ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }
}
