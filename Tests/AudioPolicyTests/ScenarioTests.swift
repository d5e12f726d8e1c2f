import PolicyScenarios
import Testing

@testable import AudioPolicy

/// Every table in `Scenarios/` runs against the engine; `Scenarios/README.md` describes the format.
@Suite("Scenario tables")
struct ScenarioTests {
    static let directory = PolicyTestPaths.testDirectory + "/Scenarios"

    /// The scenario files, found by listing the folder, so a new table runs without code changes.
    static let files: [String] = (try? LocalPolicyFileSystem().entries(ofDirectory: directory))?
        .filter { $0.hasSuffix(".toml") }.sorted() ?? []

    @Test func theFolderHoldsScenarios() {
        #expect(Self.files.count >= 10, "no scenario tables found in \(Self.directory)")
    }

    @Test(arguments: files)
    func scenario(_ file: String) async throws {
        let path = Self.directory + "/" + file
        let bytes = try #require(try LocalPolicyFileSystem().contents(ofFile: path), "cannot read \(path)")
        let text = try #require(String(validating: bytes, as: UTF8.self), "\(path) is not UTF-8")
        let scenario = try ScenarioParser(path: path, shippedPolicies: PolicyTestPaths.repository + "/policies").parse(text)
        if let mismatch = try await ScenarioRunner(scenario: scenario).firstMismatch() {
            Issue.record(Comment(rawValue: "\(scenario.description)\n\(mismatch)"))
        }
    }
}
