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
    ///
    /// A server that does not come up (the script gives up after its own deadlines, or does not
    /// end within 2 minutes) is tried once more in another directory, with the first attempt's
    /// error on standard error: the servers here are the test's set-up, not what it tests. (A CI
    /// run once hung for an hour in a test that had not yet started its agent, with the start
    /// steps unbounded; they are bounded now, and a start that gives up is not the test's failure.)
    init(starting arguments: [String]) async throws {
        var failures: [String] = []
        while true {
            let path = Self.newPath(for: arguments[0])
            do {
                let result = try await ServerDirectory.script(
                    ["start"] + arguments + [path], extraEnvironment: ["AUDIOSESSION_SERVER_OWNER": String(getpid())])
                if result.succeeded {
                    self.path = path
                    break
                }
                failures.append("\(ToolFailure(command: ["private-server", "start"] + arguments, result: result))")
            } catch {
                failures.append("\(error)")
            }
            _ = try? await ServerDirectory.script(["stop", path])
            guard failures.count < 2 else {
                throw ServerStartFailure(arguments: arguments, attempts: failures)
            }
            FileHandle.standardError.write(Data("private-server start \(arguments.joined(separator: " ")) failed, trying once more: \(failures[0])\n".utf8))
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

    private static func newPath(for kind: String) -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return "\(base)/audiosession-\(kind)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    private static func script(_ arguments: [String], extraEnvironment: [String: String] = [:]) async throws -> ToolResult {
        let scratch = NSTemporaryDirectory()
        let child = try ChildProcess(
            [PackageLayout.privateServerScript] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(extraEnvironment) { _, extra in extra },
            outputDirectory: scratch)
        defer { child.removeOutputFiles() }
        let status = try await child.waitForExit(timeout: .seconds(120))
        return ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }
}
