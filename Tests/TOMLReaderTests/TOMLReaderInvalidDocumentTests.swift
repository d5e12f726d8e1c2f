import Testing
import TOMLReader

@Suite("TOML reader: invalid documents give the position and a message saying what was expected")
struct TOMLReaderInvalidDocumentTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var toml: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        // Key/value syntax.
        Case(toml: "[ducking]\nlevel 0.3", line: 2, column: 7, message: "expected '=' after key 'level', found '0.3'"),
        Case(toml: "level =", line: 1, column: 8, message: "expected a value for 'level' (string, number, boolean, array or inline table), found end of file"),
        Case(toml: "level =\n0.3", line: 1, column: 8, message: "expected a value for 'level' (string, number, boolean, array or inline table), found end of line"),
        Case(toml: "enabled = yes", line: 1, column: 11, message: "expected a value for 'enabled' (string, number, boolean, array or inline table), found 'yes'"),
        Case(toml: "enabled = truely", line: 1, column: 11, message: "expected a value for 'enabled' (string, number, boolean, array or inline table), found 'truely'"),
        Case(toml: "a = 1 2", line: 1, column: 7, message: "expected end of line after the value, found '2'"),
        Case(toml: "= 1", line: 1, column: 1, message: "expected a key, found '='"),
        Case(toml: "a. = 1", line: 1, column: 4, message: "expected a key, found '='"),
        Case(toml: "\"\"\"k\"\"\" = 1", line: 1, column: 1, message: "a key cannot be a multi-line string"),
        Case(toml: "a = 1\rb = 2", line: 1, column: 6, message: "a carriage return must be followed by a line feed"),
        Case(toml: "a = 1 # bell \u{7}", line: 1, column: 14, message: "control character U+0007 is not allowed in a comment"),
        // Duplicates and redefinitions.
        Case(toml: "[ducking]\nramp-up-ms = 1\n\nlevel = 0.3\nlevel = 0.5", line: 5, column: 1, message: "duplicate key 'ducking.level' (first defined at line 4)"),
        Case(toml: "a.b = 1\na.b = 2", line: 2, column: 3, message: "duplicate key 'a.b' (first defined at line 1)"),
        Case(toml: "[ducking]\nlevel = 1\n[interruption]\n[ducking]", line: 4, column: 1, message: "table [ducking] defined twice (first defined at line 1)"),
        Case(toml: "[a.b]\n[a]\n[a]", line: 3, column: 1, message: "table [a] defined twice (first defined at line 2)"),
        Case(toml: "[fruit]\napple.color = 'red'\n[fruit.apple]", line: 3, column: 1, message: "table [fruit.apple] is already defined by dotted keys at line 2"),
        Case(toml: "a = 1\n[a]", line: 2, column: 1, message: "table [a] conflicts with key 'a' defined at line 1"),
        Case(toml: "a = 1\n[a.b]", line: 2, column: 1, message: "'a' is an integer defined at line 1, not a table"),
        Case(toml: "a = 'x'\na.b = 1", line: 2, column: 1, message: "'a' is a string defined at line 1, not a table"),
        Case(toml: "a = { x = 1 }\n[a.b]", line: 2, column: 1, message: "cannot extend the inline table 'a' defined at line 1"),
        Case(toml: "a = { x = 1 }\na.y = 2", line: 2, column: 1, message: "cannot extend the inline table 'a' defined at line 1"),
        Case(toml: "[a.b.c]\nz = 9\n[a]\nb.c.t = 1", line: 4, column: 1, message: "dotted key 'b.c.t' cannot add to table [a.b] defined at line 1; write the key under that header"),
        Case(toml: "[[rank]]\n[rank]", line: 2, column: 1, message: "table [rank] conflicts with array of tables [[rank]] at line 1"),
        Case(toml: "[rank]\n[[rank]]", line: 2, column: 1, message: "array of tables [[rank]] conflicts with table [rank] at line 1"),
        Case(toml: "rank = []\n[[rank]]", line: 2, column: 1, message: "cannot append to the static array 'rank' defined at line 1"),
        Case(toml: "[[rank]]\nname = 'a'\nname = 'b'", line: 3, column: 1, message: "duplicate key 'rank[0].name' (first defined at line 2)"),
        Case(toml: "p = { a = 1, a = 2 }", line: 1, column: 14, message: "duplicate key 'a' (first defined at line 1)"),
        // Headers.
        Case(toml: "[ducking\nlevel = 1", line: 1, column: 9, message: "expected ']' after table name 'ducking', found end of line"),
        Case(toml: "[[rank]\n", line: 1, column: 8, message: "expected ']]' after table name 'rank', found end of line"),
        Case(toml: "[]", line: 1, column: 2, message: "expected a key, found ']'"),
        Case(toml: "[a] b = 1", line: 1, column: 5, message: "expected end of line after table header [a], found 'b'"),
        // Strings.
        // An unclosed string is reported where it opens, not where the file or line ends.
        Case(toml: "s = \"open", line: 1, column: 5, message: "unterminated string: expected '\"' before end of file"),
        Case(toml: "s = \"open\nt = 1", line: 1, column: 5, message: "unterminated string: expected '\"' before end of line"),
        Case(toml: "s = 'open\n", line: 1, column: 5, message: "unterminated string: expected \"'\" before end of line"),
        Case(toml: "s = \"\"\"open\n", line: 1, column: 5, message: "unterminated string: expected '\"\"\"' before end of file"),
        Case(toml: "a = 1\ns = '''open\n\nmore", line: 2, column: 5, message: "unterminated string: expected \"'''\" before end of file"),
        Case(toml: "s = \"a\\qb\"", line: 1, column: 7, message: "invalid escape '\\q' in string; expected one of \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX"),
        Case(toml: "s = \"\\u12\"", line: 1, column: 6, message: "invalid escape '\\u': expected 4 hexadecimal digits"),
        Case(toml: "s = \"\\uD800\"", line: 1, column: 6, message: "'\\uD800' is not a Unicode scalar value"),
        Case(toml: "s = \"\\U00110000\"", line: 1, column: 6, message: "'\\U00110000' is not a Unicode scalar value"),
        Case(toml: "s = \"a\u{1}b\"", line: 1, column: 7, message: "control character U+0001 must be escaped in a string"),
        Case(toml: "s = \"\"\"a\"\"\"\"\"\"", line: 1, column: 14, message: "too many quotes at the end of a multi-line string; escape them"),
        // Numbers.
        Case(toml: "n = 012", line: 1, column: 5, message: "invalid number '012': leading zeros are not allowed"),
        Case(toml: "n = 1__000", line: 1, column: 5, message: "invalid number '1__000': '_' is allowed only between digits"),
        Case(toml: "n = _1", line: 1, column: 5, message: "expected a value for 'n' (string, number, boolean, array or inline table), found '_1'"),
        Case(toml: "n = 1_", line: 1, column: 5, message: "invalid number '1_': '_' is allowed only between digits"),
        Case(toml: "n = 1.", line: 1, column: 5, message: "invalid number '1.': expected digits after '.'"),
        Case(toml: "n = 1.e5", line: 1, column: 5, message: "invalid number '1.e5': expected digits after '.'"),
        Case(toml: "n = +0x1F", line: 1, column: 5, message: "invalid number '+0x1F': hexadecimal, octal and binary integers cannot have a sign"),
        Case(toml: "n = 0xG", line: 1, column: 5, message: "invalid number '0xG': expected digits of the base after '0x', with '_' only between digits, fitting in 64 bits"),
        Case(toml: "n = 0o8", line: 1, column: 5, message: "invalid number '0o8': expected digits of the base after '0o', with '_' only between digits, fitting in 64 bits"),
        Case(toml: "n = 9223372036854775808", line: 1, column: 5, message: "invalid number '9223372036854775808': does not fit in a 64-bit signed integer"),
        Case(toml: "n = 3x", line: 1, column: 5, message: "invalid number '3x': expected an integer (42, 0x2A, 0o52, 0b101010) or a float (0.3, 1e-3, inf, nan)"),
        Case(toml: "n = infinity", line: 1, column: 5, message: "invalid number 'infinity': expected an integer (42, 0x2A, 0o52, 0b101010) or a float (0.3, 1e-3, inf, nan)"),
        Case(toml: "n = -", line: 1, column: 5, message: "invalid number '-': expected digits after the sign"),
        // Dates and times are declined explicitly.
        Case(toml: "when = 1979-05-27T07:32:00Z", line: 1, column: 8, message: "dates and times are not supported (found '1979-05-27T07:32:00Z'); write the value as a string"),
        Case(toml: "when = 07:32:00", line: 1, column: 8, message: "dates and times are not supported (found '07:32:00'); write the value as a string"),
        // Arrays and inline tables.
        Case(toml: "a = [1 2]", line: 1, column: 8, message: "expected ',' or ']' in the array 'a', found '2'"),
        Case(toml: "a = [1,,2]", line: 1, column: 8, message: "expected a value for 'a[1]' (string, number, boolean, array or inline table), found ','"),
        // An unclosed array or inline table is reported where it opens.
        Case(toml: "a = [1,\n", line: 1, column: 5, message: "unterminated array 'a': expected ']' before end of file"),
        Case(toml: "a = [\n  [1, 2],\n  [3,\n", line: 3, column: 3, message: "unterminated array 'a[1]': expected ']' before end of file"),
        Case(toml: "a = [1, 2", line: 1, column: 5, message: "unterminated array 'a': expected ']' before end of file"),
        Case(toml: "p = { a = 1, }", line: 1, column: 14, message: "a trailing comma is not allowed in an inline table"),
        Case(toml: "p = { a = 1\n}", line: 1, column: 5, message: "unterminated inline table: expected '}' before end of line"),
        Case(toml: "p = { a = 1,", line: 1, column: 5, message: "unterminated inline table: expected '}' before end of line"),
        Case(toml: "p = { a 1 }", line: 1, column: 9, message: "expected '=' after key 'a', found '1'"),
    ]

    @Test func deepNestingIsRefusedInsteadOfExhaustingTheStack() {
        let deep = "a = " + String(repeating: "[", count: 100_000)
        #expect {
            _ = try TOMLDocument(parsing: deep)
        } throws: { error in
            (error as? TOMLError)?.description
                == "1:69: values are nested more than 64 deep (tables, dotted keys, arrays and inline tables count together)"
        }
        let fine = "a = " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try TOMLDocument(parsing: fine) }
    }

    @Test(arguments: cases)
    func rejects(_ testCase: Case) {
        #expect {
            _ = try TOMLDocument(parsing: testCase.toml)
        } throws: { error in
            guard let error = error as? TOMLError else { return false }
            #expect(error.message == testCase.message)
            #expect(error.position == SourcePosition(line: testCase.line, column: testCase.column))
            return true
        }
    }
}
