import AudioSessionTesting
import Foundation
import Testing

/// libaudiosession built from the source tree with its own Makefile (gcc, make, pkg-config and
/// libdbus only, as a C developer builds it), into a directory of the test's, and C programs
/// compiled against it through its uninstalled pkg-config file.
struct CLibraryBuild: Sendable {
    /// Where `make` put the library and its `.pc` files.
    let directory: String

    static var sourceDirectory: String { ExampleRig.packageRoot + "/libaudiosession" }

    /// The tools' environment: this machine's PATH, nothing that reaches a bus or a sound server.
    static var environment: [String: String] {
        ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"]
    }

    /// Builds the library into `directory` (created by make) with `make`'s `target`.
    static func make(into directory: String, target: String = "all", variables: [String] = []) async throws -> ToolResult {
        try await run(["make", "-C", sourceDirectory, "BUILD_DIR=\(directory)", target] + variables, in: directory)
    }

    /// Builds the library, failing the test with make's output when it does not build.
    static func build(in scratch: String) async throws -> CLibraryBuild {
        let directory = scratch + "/libaudiosession-build"
        let result = try await make(into: directory)
        guard result.succeeded else { throw Failure(command: ["make", "-C", sourceDirectory], result: result) }
        return CLibraryBuild(directory: directory)
    }

    /// Compiles `source` (a path under the package) with the flags `pkg-config --cflags --libs
    /// audiosession` (and `packages`) gives from the build directory; returns the program's path.
    func compile(_ source: String, to name: String, packages: [String] = []) async throws -> String {
        let flags = try await Self.run(
            ["pkg-config", "--cflags", "--libs", "audiosession"] + packages, in: directory, extra: ["PKG_CONFIG_PATH": directory])
        guard flags.succeeded else { throw Failure(command: ["pkg-config", "audiosession"], result: flags) }
        let output = directory + "/" + name
        let arguments = ["-Wall", "-Wextra", "-Werror", ExampleRig.packageRoot + "/" + source, "-o", output]
            + flags.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init)
        let compiled = try await Self.run(["cc"] + arguments, in: directory)
        guard compiled.succeeded else { throw Failure(command: ["cc"] + arguments, result: compiled) }
        return output
    }

    /// What a program linked against the uninstalled library needs to find it at run time.
    var runtimeEnvironment: [String: String] { ["LD_LIBRARY_PATH": directory] }

    /// Runs a build tool in `directory` (created first) with ``environment`` plus `extra`.
    static func run(_ command: [String], in directory: String, extra: [String: String] = [:]) async throws -> ToolResult {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let child = try ChildProcess(command, environment: environment.merging(extra) { _, new in new }, outputDirectory: directory)
        let status = await child.waitForExit()
        return ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }

    /// A build step that failed, with what it printed.
    struct Failure: Error, CustomStringConvertible {
        var command: [String]
        var result: ToolResult
        var description: String {
            "\(command.joined(separator: " ")) exited with \(result.status):\n\(result.standardOutput)\n\(result.standardError)"
        }
    }
}
