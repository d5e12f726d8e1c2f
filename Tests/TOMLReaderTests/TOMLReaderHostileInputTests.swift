import Testing
import TOMLReader

/// Inputs a careless or hostile user can put in a policy file: keys and headers thousands of parts
/// deep (they overflowed the stack of the agent reading them), bytes that are not UTF-8 (they
/// became U+FFFD and a rule silently never matched), and inputs large enough to show quadratic
/// work. Each gets an error with its position, or is read.
@Suite("TOML reader: hostile input")
struct TOMLReaderHostileInputTests {
    static func refusal(_ text: String) -> TOMLError? {
        do {
            _ = try TOMLDocument(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test("a key of 4,000 dotted parts is refused where it starts, with a bounded message")
    func deepDottedKey() throws {
        let error = try #require(Self.refusal("version = 1\n" + String(repeating: "a.", count: 4000) + "b = 1\n"))
        #expect(error.position == SourcePosition(line: 2, column: 1))
        #expect(error.message.hasPrefix("key 'a.a.a.a.a.a.a.a.…' would nest its value 4001 deep; values may be nested at most 64 deep"))
        #expect(error.message.count < 300)
    }

    @Test("a table header of 4,000 parts, single or array, is refused at the header")
    func deepHeaders() throws {
        for (open, close) in [("[", "]"), ("[[", "]]")] {
            let error = try #require(Self.refusal("x = 1\n" + open + String(repeating: "a.", count: 4000) + "b" + close + "\n"))
            #expect(error.position == SourcePosition(line: 2, column: 1))
            #expect(error.message == "table name 'a.a.a.a.a.a.a.a.…' has 4001 parts; tables may be nested at most 64 deep")
        }
    }

    @Test("depth adds up across headers, dotted keys, arrays and inline tables")
    func depthAddsUp() throws {
        // 64 levels are read: a 32-part header, a 31-part dotted key, and the value.
        let header = "[" + Array(repeating: "t", count: 32).joined(separator: ".") + "]\n"
        let fits = header + Array(repeating: "k", count: 32).joined(separator: ".") + " = 1\n"
        #expect(Self.refusal(fits) == nil)
        // One part more is refused.
        let error = try #require(Self.refusal(header + Array(repeating: "k", count: 33).joined(separator: ".") + " = 1\n"))
        #expect(error.line == 2 && error.message.contains("would nest its value 65 deep"), "\(error)")
        // Inline tables and arrays nested inside count too: 30 + 34 levels of braces and brackets.
        let nested = "a = " + String(repeating: "{ b = ", count: 17) + String(repeating: "[", count: 50)
        let inner = try #require(Self.refusal(nested))
        #expect(inner.line == 1 && inner.message.hasPrefix("values are nested more than 64 deep"), "\(inner)")
    }

    @Test("a key of a megabyte is read, and messages quote at most 64 characters of it")
    func longKeyIsQuotedShort() throws {
        let long = String(repeating: "k", count: 1 << 20)
        let document = try TOMLDocument(parsing: long + " = 1\n")
        #expect(document.root.keys == [long])
        let error = try #require(Self.refusal(long + " = 1\n" + long + " = 2\n"))
        #expect(error.message.count < 200, "\(error.message.count) characters")
        #expect(error.message.hasPrefix("duplicate key '" + String(repeating: "k", count: 64) + "…'"))
    }

    struct EncodingCase: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var line: Int
        var column: Int
        var byte: String
        var testDescription: String { name }
    }

    static let encodingCases: [EncodingCase] = [
        EncodingCase(name: "a Latin-1 é in a string", bytes: Array("id = \"caf".utf8) + [0xE9, 0x22, 0x0A], line: 1, column: 10, byte: "0xE9"),
        EncodingCase(name: "a stray continuation byte in a comment on line 3",
            bytes: Array("a = 1\nb = 2\n# ok ".utf8) + [0x80], line: 3, column: 6, byte: "0x80"),
        EncodingCase(name: "an overlong slash", bytes: Array("k = '".utf8) + [0xC0, 0xAF, 0x27], line: 1, column: 6, byte: "0xC0"),
        EncodingCase(name: "a UTF-16 surrogate encoded as UTF-8", bytes: Array("k = 'é".utf8) + [0xED, 0xA0, 0x80, 0x27], line: 1, column: 7, byte: "0xED"),
        EncodingCase(name: "a code point above U+10FFFF", bytes: Array("k = \"".utf8) + [0xF4, 0x90, 0x80, 0x80, 0x22], line: 1, column: 6, byte: "0xF4"),
        EncodingCase(name: "a sequence cut short by the end of the file", bytes: Array("k = 1 # ".utf8) + [0xE2, 0x82], line: 1, column: 9, byte: "0xE2"),
        EncodingCase(name: "a UTF-16 byte-order mark", bytes: [0xFF, 0xFE, 0x6B, 0x00], line: 1, column: 1, byte: "0xFF"),
    ]

    @Test("bytes that are not UTF-8 are refused at their line and column", arguments: encodingCases)
    func invalidUTF8(_ testCase: EncodingCase) throws {
        #expect {
            _ = try TOMLDocument(parsingUTF8: testCase.bytes)
        } throws: { error in
            guard let error = error as? TOMLError else { return false }
            #expect(error.message == "invalid UTF-8 at byte \(testCase.byte); a TOML file must be encoded in UTF-8")
            #expect(error.position == SourcePosition(line: testCase.line, column: testCase.column))
            return true
        }
    }

    @Test("well-formed UTF-8 of every length, and a leading byte-order mark, are read")
    func validUTF8() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("k = \"é€𝄞\u{7FF}\u{FFFF}\u{10FFFF}\"\n".utf8)
        let document = try TOMLDocument(parsingUTF8: bytes)
        #expect(document.root["k"]?.string == "é€𝄞\u{7FF}\u{FFFF}\u{10FFFF}")
    }

    @Test("40,000 [[t]] headers and a 40,000-key inline table are read whole")
    func largeDocuments() throws {
        let headers = String(repeating: "[[t]]\nx = 1\n", count: 40_000)
        let tables = try TOMLDocument(parsing: headers)
        #expect(tables.root["t"]?.array?.count == 40_000)
        #expect(tables.root["t"]?.array?.last?.position == SourcePosition(line: 79_999, column: 1))
        let keys = (0..<40_000).map { "k\($0) = \($0)" }.joined(separator: ", ")
        let inline = try TOMLDocument(parsing: "t = { " + keys + " }\n")
        let entries = try #require(inline.root["t"]?.table?.entries)
        #expect(entries.count == 40_000)
        // Columns on one long line stay exact: the last key starts after 39,999 earlier ones.
        #expect(entries.last?.keyPosition.column == 7 + keys.utf8.count - "k39999 = 39999".utf8.count)
    }
}
