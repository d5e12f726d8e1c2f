import AudioSessionTesting
import Foundation

/// The built `audiosessionctl`, next to the test bundle in the build products directory.
enum CtlBinary {
    static var path: String {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return URL(fileURLWithPath: testBinary).deletingLastPathComponent().appendingPathComponent("audiosessionctl").path
    }

    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "audiosessionctl-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs the binary with a clean environment plus `environment`, and waits for it.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ToolResult {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var base = ["PATH": "/usr/bin:/bin", "HOME": scratch]
        base.merge(environment) { _, new in new }
        let child = try ChildProcess([path] + arguments, environment: base, outputDirectory: scratch)
        let status = await child.waitForExit()
        return ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }
}

extension CtlBinary {
    /// Starts the binary without waiting (monitor, a long `run`), with a clean environment plus
    /// `environment`; its output goes to files under `directory`.
    static func spawn(_ arguments: [String], environment: [String: String], in directory: String) throws -> ChildProcess {
        var base = ["PATH": "/usr/bin:/bin", "HOME": directory]
        base.merge(environment) { _, new in new }
        return try ChildProcess([path] + arguments, environment: base, outputDirectory: directory)
    }
}
