import Foundation
import Synchronization

/// The temporary directory of one private server and the harness calls that start and stop it.
///
/// Stopping is idempotent and also happens when the last reference goes away, so a test that
/// throws midway leaves no server and no files behind.
final class ServerDirectory: Sendable {
    let path: String
    let environment: [String: String]
    private let stopped = Mutex(false)

    /// Runs `scripts/private-server start ARGUMENTS… DIR` in a new temporary directory.
    init(starting arguments: [String]) async throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let name = "audiosession-\(arguments[0])-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        path = "\(base)/\(name)"
        // The script's guard stops the server if this process dies before stop() runs.
        let result = try await ServerDirectory.script(
            ["start"] + arguments + [path], extraEnvironment: ["AUDIOSESSION_SERVER_OWNER": String(getpid())])
        guard result.succeeded else {
            _ = try? await ServerDirectory.script(["stop", path])
            throw ToolFailure(command: ["private-server", "start"] + arguments, result: result)
        }
        let text = try String(contentsOfFile: path + "/env", encoding: .utf8)
        var environment: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            environment[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        self.environment = environment
    }

    func stop() {
        let first = stopped.withLock { wasStopped in
            defer { wasStopped = true }
            return !wasStopped
        }
        guard first else { return }
        // Synchronous on purpose: stop() runs from defer blocks and deinit. It waits only for the
        // stop script, which is bounded (TERM, then KILL after 2 s).
        do {
            let pid = try ProcessSpawner.spawn(
                [PackageLayout.privateServerScript, "stop", path], environment: ProcessInfo.processInfo.environment,
                outputPath: "/dev/null", errorPath: "/dev/null")
            _ = ProcessSpawner.waitBlocking(for: pid)
        } catch {
            FileHandle.standardError.write(Data("private-server stop \(path) failed: \(error)\n".utf8))
        }
    }

    deinit { stop() }

    private static func script(_ arguments: [String], extraEnvironment: [String: String] = [:]) async throws -> ToolResult {
        let scratch = NSTemporaryDirectory()
        let child = try ChildProcess(
            [PackageLayout.privateServerScript] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(extraEnvironment) { _, extra in extra },
            outputDirectory: scratch)
        let status = await child.waitForExit()
        defer { child.removeOutputFiles() }
        return ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }
}
