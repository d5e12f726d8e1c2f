import AudioSessionTesting
import Foundation
import Testing

/// A program written only from the documentation (the getting-started article), in a package of
/// its own outside this one (Tests/Fixtures/DocumentedProgram), builds against the library and
/// runs on a private PulseAudio with no agent: what an app developer starting from the docs gets.
@Suite("A program written from the documentation")
struct DocumentedProgramTests {
    static var repository: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }

    @Test("builds outside the package and runs without the agent: activation succeeds locally, the route comes from the server")
    func buildsAndRuns() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }

        let package = pulse.directory + "/DocumentedProgram"
        try FileManager.default.copyItem(atPath: Self.repository + "/Tests/Fixtures/DocumentedProgram", toPath: package)
        let manifest = package + "/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "\"REPOSITORY\"", with: "\"\(Self.repository)\"")
            .write(toFile: manifest, atomically: true, encoding: .utf8)

        // The developer's own environment (PATH, HOME with SwiftPM's settings), not the server's.
        let build = try ChildProcess(
            ["swift", "build", "--package-path", package, "--scratch-path", package + "/.build"],
            environment: ProcessInfo.processInfo.environment, outputDirectory: pulse.directory)
        // A build of the library and its dependencies: minutes on a loaded machine, not a tool's seconds.
        let status = try await build.waitForExit(timeout: .seconds(1800))
        #expect(status == 0, "swift build: \(build.standardOutput.suffix(3000)) \(build.standardError.suffix(3000))")
        guard status == 0 else { return }

        let run = try await pulse.run(
            package + "/.build/debug/Prompter", [], extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(run.status == 0, "\(run.standardOutput) \(run.standardError)")
        #expect(run.standardOutput.contains("PULSE_PROP=") && run.standardOutput.contains("audiosession.category=playback"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("route: [\"Speaker\"]"), "the route read from the server: \(run.standardOutput)")
        #expect(run.standardOutput.contains("category: playback"), "AudioSession.Category, as a porter writes it: \(run.standardOutput)")
        #expect(run.standardOutput.contains("ports: [\"Speaker"), "portName and portType: \(run.standardOutput)")
    }
}
