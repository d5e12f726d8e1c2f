import Testing
import TOMLReader

@Suite("TOML reader: positions of keys and values")
struct TOMLReaderPositionTests {
    static let policy = """
        version = 1
        # comment

        [ducking]
          level   = 0.3
        ramp.down = 250
        [[rank]]
        name = "calls"
        modes = [
            "voice-chat",
            "video-chat",
        ]
        [[rank]]
        "é key" = { a = 1 }
        text = \"\"\"
        two
        lines\"\"\"
        after = 'x'
        """

    @Test func recordsLineAndColumnOfEveryKeyAndValue() throws {
        let root = try TOMLDocument(parsing: Self.policy).root
        #expect(root.entry(for: "version")?.keyPosition == SourcePosition(line: 1, column: 1))
        #expect(root["version"]?.position == SourcePosition(line: 1, column: 11))

        let ducking = try #require(root.entry(for: "ducking"))
        #expect(ducking.keyPosition == SourcePosition(line: 4, column: 2))
        #expect(ducking.value.position == SourcePosition(line: 4, column: 1))
        let level = try #require(ducking.value.table?.entry(for: "level"))
        #expect(level.keyPosition == SourcePosition(line: 5, column: 3))
        #expect(level.value.position == SourcePosition(line: 5, column: 13))
        let ramp = try #require(ducking.value.table?.entry(for: "ramp"))
        #expect(ramp.keyPosition == SourcePosition(line: 6, column: 1))
        #expect(ramp.value.table?.entry(for: "down")?.keyPosition == SourcePosition(line: 6, column: 6))
        #expect(ramp.value.table?["down"]?.position == SourcePosition(line: 6, column: 13))
    }

    @Test func recordsPositionsInsideArraysOfTablesAndMultiLineValues() throws {
        let root = try TOMLDocument(parsing: Self.policy).root
        let ranks = try #require(root["rank"]?.array)
        #expect(ranks.map(\.position) == [SourcePosition(line: 7, column: 1), SourcePosition(line: 13, column: 1)])
        let modes = try #require(ranks[0].table?["modes"])
        #expect(modes.position == SourcePosition(line: 9, column: 9))
        #expect(modes.array?.map(\.position) == [SourcePosition(line: 10, column: 5), SourcePosition(line: 11, column: 5)])

        let second = try #require(ranks[1].table)
        // Columns count characters, not UTF-8 bytes: "é key" is 7 characters wide with its quotes.
        #expect(second.entry(for: "é key")?.value.position == SourcePosition(line: 14, column: 11))
        #expect(second["é key"]?.table?.entry(for: "a")?.keyPosition == SourcePosition(line: 14, column: 13))
        #expect(second["text"]?.position == SourcePosition(line: 15, column: 8))
        #expect(second["text"]?.string == "two\nlines")
        // Lines keep counting through a multi-line string.
        #expect(second.entry(for: "after")?.keyPosition == SourcePosition(line: 18, column: 1))
    }

    @Test func errorDescriptionIsLineColonColumnColonMessage() {
        let error = TOMLError("expected '=' after key 'level', found '0.3'", at: SourcePosition(line: 5, column: 9))
        #expect(error.description == "5:9: expected '=' after key 'level', found '0.3'")
        #expect(error.line == 5)
        #expect(error.column == 9)
    }
}
