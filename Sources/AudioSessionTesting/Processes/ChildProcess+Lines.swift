extension ChildProcess {
    /// Waits until the process has printed `line` (a whole line) at least `count` times; throws
    /// ``ChildProcessExited`` at once if it exits first, ``WaitTimeout`` (with what it printed) after `timeout`.
    ///
    /// The tests' own clients announce each step they finished on standard output ("ready",
    /// "capturing", "churned 20"): waiting for the line is waiting for the server to have done it.
    ///
    /// ```swift
    /// client.signal(SIGUSR1)
    /// try await client.waitForLine("capturing", "the call records")
    /// ```
    public func waitForLine(_ line: String, count: Int = 1, timeout: Duration = .seconds(10), _ what: String) async throws {
        do {
            try await waitUntil(what, timeout: timeout) {
                guard isRunning else {
                    throw ChildProcessExited(command: command, status: await waitForExit(), standardError: standardError)
                }
                return standardOutput.split(separator: "\n").filter { $0 == line }.count >= count
            }
        } catch var timeout as WaitTimeout {
            // What the process did print instead is what the failure is about.
            timeout.condition += "; it printed: \(standardOutput.suffix(2_000).debugDescription)"
            throw timeout
        }
    }
}
