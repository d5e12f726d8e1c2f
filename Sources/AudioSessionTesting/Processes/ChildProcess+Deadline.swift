import Foundation

extension ChildProcess {
    /// How long ``waitForExit()`` waits before it takes the process as hung: far longer than any
    /// client, tool or agent shutdown a test waits for (seconds), far shorter than the watchdog
    /// of a test phase (`scripts/watchdog`, 40 min), which ends the whole run.
    public static let longestWait: Duration = .seconds(300)

    /// Waits for the process to end and returns its status (128 + signal when killed).
    ///
    /// A process still running after ``longestWait`` is taken as hung: its command line and what
    /// it printed go to standard error, it is ended (SIGTERM, SIGKILL 5 s later), and the status
    /// of that end is returned. A test that expects the process to end by itself then fails with
    /// the command's name (or goes on without it) instead of holding the whole test run until
    /// the watchdog ends it with every other result (a CI run was lost that way).
    ///
    /// ```swift
    /// let prompt = try pulse.spawn("paplay", ["--property=media.role=event", tone])
    /// #expect(await prompt.waitForExit() == 0)
    /// ```
    public func waitForExit() async -> Int32 {
        await waitForExit(hungAfter: Self.longestWait)
    }

    /// ``waitForExit()`` with its limit given (a test of the limit waits seconds, not minutes).
    func waitForExit(hungAfter limit: Duration) async -> Int32 {
        do {
            return try await waitForExit(timeout: limit)
        } catch {
            FileHandle.standardError.write(Data("harness: taken as hung: \(error)\n".utf8))
            return error.result.status
        }
    }

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
            group.addTask { await self.exitStatus() }
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
                result: ToolResult(status: await exitStatus(), standardOutput: standardOutput, standardError: standardError))
        }
        return finished
    }
}
