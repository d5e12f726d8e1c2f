extension ChildProcess {
    /// Waits for the process to end, for at most `timeout`; then ends it (SIGTERM, and SIGKILL
    /// 5 s later) and throws ``ToolTimeout`` with what it printed. A tool that should answer in
    /// milliseconds and never does (a client of a server that stopped answering) fails its test
    /// with its command line, instead of hanging the test run.
    ///
    /// ```swift
    /// let pactl = try server.spawn("pactl", ["info"])
    /// let status = try await pactl.waitForExit(timeout: .seconds(30))
    /// ```
    public func waitForExit(timeout: Duration) async throws(ToolTimeout) -> Int32 {
        let finished = await withTaskGroup(of: Int32?.self) { group in
            group.addTask { await self.waitForExit() }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            if first == nil {
                // The sleeper won: end the tool so that the waiter (and this group) can finish.
                terminate()
                // Up to 5 s to end on SIGTERM; a tool that ends at once is not waited for.
                var grace = 50
                while isRunning, grace > 0 {
                    try? await Task.sleep(for: .milliseconds(100))
                    grace -= 1
                }
                kill()
            }
            group.cancelAll()
            return first
        }
        guard let finished else {
            throw ToolTimeout(
                command: command, timeout: timeout,
                result: ToolResult(status: await waitForExit(), standardOutput: standardOutput, standardError: standardError))
        }
        return finished
    }
}
