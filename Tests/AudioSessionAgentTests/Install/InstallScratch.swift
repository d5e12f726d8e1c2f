import AudioSessionTesting
import Foundation

/// A temporary directory for one install test, with stand-in binaries and a way to run tools in it.
///
/// The stand-ins are shell scripts: `make install` only copies them, and a D-Bus activation runs
/// them, so they prove which file the bus executed without needing the real agent.
struct InstallScratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "audiosession-install-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path + "/output", withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Writes executable stand-ins for the binaries `make install` takes; each appends its own path
    /// and the bus type that started it (when a bus did) to `path/started`. Started by a bus, it
    /// exits with status 3 without taking a name, so the bus fails the activation at once.
    func standInBinaries() throws -> String {
        let directory = path + "/bin"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in MakeInstallTests.binaries {
            let script = """
                #!/bin/sh
                echo "$0 ${DBUS_STARTER_BUS_TYPE:-none}" >> '\(path)/started'
                [ -z "$DBUS_STARTER_BUS_TYPE" ] || exit 3

                """
            try script.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(directory)/\(name)")
        }
        return directory
    }

    /// Writes stand-ins for what `make docs` generates (completions and man pages) under
    /// `path/docs`, the tree `make install` takes from GENERATED_DOCS_DIR; returns that directory.
    func standInGeneratedDocs() throws -> String {
        let directory = path + "/docs"
        for name in MakeInstallTests.binaries {
            for file in ["completions/bash/\(name)", "completions/zsh/_\(name)", "completions/fish/\(name).fish", "man/man1/\(name).1"] {
                let target = "\(directory)/\(file)"
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try "stand-in \(file)\n".write(toFile: target, atomically: true, encoding: .utf8)
            }
        }
        return directory
    }

    /// Runs a tool with exactly `environment` (plus a minimal PATH) and waits for it.
    func run(_ command: [String], environment: [String: String] = [:]) async throws -> ToolResult {
        var base = ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]
        base.merge(environment) { _, new in new }
        let child = try ChildProcess(command, environment: base, outputDirectory: path + "/output")
        let status = await child.waitForExit()
        return ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }

    /// Runs `make TARGET VARIABLE=VALUE...` in the repository; GENERATED_DOCS_DIR defaults to
    /// ``standInGeneratedDocs()``.
    func make(_ target: String, _ variables: [String: String]) async throws -> ToolResult {
        var variables = variables
        if variables["GENERATED_DOCS_DIR"] == nil { variables["GENERATED_DOCS_DIR"] = try standInGeneratedDocs() }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try await run(["make", "--no-print-directory", "-C", RepositoryFiles.root, target] + assignments)
    }

    /// Every regular file under `directory`, as paths relative to it.
    func files(under directory: String) -> Set<String> {
        var found: Set<String> = []
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return found }
        for case let relative as String in walker {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.insert(relative)
            }
        }
        return found
    }

    func permissions(of file: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
