import PolicyScenarios
import Testing

@testable import AudioPolicy

/// The scenario runner itself: a wrong table fails with file, step, line and a diff; a malformed
/// one is refused with its line.
@Suite("Scenario runner reports differences and format errors")
struct ScenarioRunnerTests {
    static func parse(_ text: String) throws -> Scenario {
        try ScenarioParser(path: PolicyTestPaths.testDirectory + "/Scenarios/inline.toml", shippedPolicies: PolicyTestPaths.repository + "/policies")
            .parse(text)
    }

    static let wrongTable = """
        description = "claims a prompt leaves the music alone"

        [streams.song]
        role = "music"

        [streams.prompt]
        role = "Navigation"

        [[step]]
        do = "appear song"

        [[step]]
        do = "appear prompt"
        signals = { }
        """

    @Test func aDifferenceNamesFileStepLineAndBothSides() async throws {
        let mismatch = try #require(try await ScenarioRunner(scenario: Self.parse(Self.wrongTable)).firstMismatch())
        #expect(mismatch.hasPrefix("inline.toml step 2 (line 12): appear prompt"))
        #expect(mismatch.contains("stream song: expected playing, got ducked 0.3"))
        #expect(mismatch.contains("duck song level=0.3 ramp=250"))
    }

    @Test func theCorrectedTablePasses() async throws {
        let corrected = Self.wrongTable + "\nstreams = { song = \"ducked 0.3\" }\n"
        #expect(try await ScenarioRunner(scenario: Self.parse(corrected)).firstMismatch() == nil)
    }

    @Test func anUnexpectedSignalIsADifference() async throws {
        let text = """
            [sessions.player]
            category = "playback"

            [[step]]
            do = ["register player", "activate player"]
            """
        let mismatch = try #require(try await ScenarioRunner(scenario: Self.parse(text)).firstMismatch())
        #expect(mismatch.contains("session player signals: expected [], got [activated]"))
    }

    @Test(arguments: [
        ("[[step]]\ndo = \"dance\"", 1, "unknown action \"dance\""),
        ("[streams.a]\nkind = \"speaker\"\n[[step]]\ndo = \"appear a\"", 1, "unknown kind \"speaker\""),
        ("[sessions.a]\ncategory = \"ambient\"\noptions = [\"duck-others\"]\n[[step]]\ndo = \"register a\"", 1, "duck-others needs a mixable category"),
        ("[streams.a]\n[[step]]\ndo = \"appear a\"\nstreams = { a = \"loud\" }", 4, "expected playing, ducked LEVEL, or silenced"),
        ("[sessions.a]\ncategory = \"playback\"\n[[step]]\ndo = \"register a\"\nsignals = { a = [\"welcome\"] }", 5, "signal \"welcome\""),
        ("[[step]]\ndo = \"wait\"\ncolour = \"red\"", 3, "unknown key \"colour\""),
    ])
    func malformedTablesAreRefusedWithTheirLine(_ text: String, _ line: Int, _ message: String) {
        do {
            _ = try Self.parse(text)
            Issue.record("accepted: \(text)")
        } catch let error as ScenarioFormatError {
            #expect(error.line == line, "\(error)")
            #expect(error.description.hasPrefix("inline.toml:\(line): "), "\(error)")
            #expect(error.message.contains(message), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
