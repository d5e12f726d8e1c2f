import Foundation

/// A private server started by `scripts/private-server` in a temporary directory of its own.
///
/// Conforming types share how clients are run against the server: with the server's environment
/// (and nothing that could reach the user's real servers), their output captured under the
/// server's directory.
public protocol PrivateServer: Sendable {
    /// The server's private directory: sockets, state, logs, and scratch files of the test.
    var directory: String { get }
    /// The environment a client needs to reach this server (and only this server).
    var environment: [String: String] { get }
    /// Stops exactly the processes the harness started for this server and removes its directory.
    /// Safe to call more than once.
    func stop()
}

extension PrivateServer {
    /// Runs `tool` against this server and waits for it to exit, for at most `timeout` (then it
    /// is ended and ``ToolTimeout`` thrown: the default is far beyond any client call, and only
    /// bounds a hang).
    ///
    /// ```swift
    /// let result = try await pulse.run("pactl", ["list", "short", "sinks"])
    /// ```
    public func run(
        _ tool: String, _ arguments: [String] = [], extraEnvironment: [String: String] = [:],
        timeout: Duration = .seconds(300)
    ) async throws -> ToolResult {
        let child = try spawn(tool, arguments, extraEnvironment: extraEnvironment)
        defer { child.removeOutputFiles() }
        let status = try await child.waitForExit(timeout: timeout)
        return ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }

    /// Runs `tool` against this server and returns its standard output, throwing
    /// ``ToolFailure`` (with the tool's standard error) when it exits non-zero.
    public func tool(_ tool: String, _ arguments: [String], extraEnvironment: [String: String] = [:]) async throws -> String {
        let result = try await run(tool, arguments, extraEnvironment: extraEnvironment)
        guard result.succeeded else { throw ToolFailure(command: [tool] + arguments, result: result) }
        return result.standardOutput
    }

    /// Starts `tool` against this server without waiting for it (a player, a recorder).
    public func spawn(
        _ tool: String, _ arguments: [String] = [], extraEnvironment: [String: String] = [:]
    ) throws -> ChildProcess {
        try ChildProcess(
            [tool] + arguments, environment: ToolEnvironment.merged(environment, extra: extraEnvironment),
            outputDirectory: directory)
    }
}
