import AudioSessionTesting
import Foundation
import Testing

/// The AudioSession module's documentation as `scripts/doc-check` checks it with the toolchain's
/// `swift-symbolgraph-extract` and `docc`: every public symbol declared in Sources/AudioSession
/// has a doc comment, and the DocC catalog (articles and the three tutorials) converts without
/// a warning (every symbol link resolves, every tutorial file exists).
struct DocumentationTests {
    @Test("every public symbol is documented and the DocC catalog with its tutorials converts without warnings")
    func documentationIsComplete() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doc-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["BUILD_DIR"] = ExampleRig.productsDirectory.path
        let check = try ChildProcess(
            [ExampleRig.packageRoot + "/scripts/doc-check", "--output", directory + "/out"], environment: environment,
            outputDirectory: directory)
        defer { check.kill() }
        let status = try await check.waitForExit(timeout: .seconds(300))
        #expect(status == 0, "\(check.standardOutput)\n\(check.standardError)")
        #expect(check.standardOutput.contains("without a doc comment of their own: 0\n"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("docc convert: 0 warnings\n"), "\(check.standardOutput)")
    }
}
