import Testing
import TOMLReader

@Suite("TOML reader: valid documents")
struct TOMLReaderValidDocumentTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var toml: String
        var expected: String
        var testDescription: String { toml }
    }

    static let cases: [Case] = [
        // Basic shape, comments, blank lines, CRLF.
        Case(toml: "", expected: "{}"),
        Case(toml: "# only a comment\n\n", expected: "{}"),
        Case(toml: "a = 1 # trailing comment", expected: "{a=1}"),
        Case(toml: "a = 1\r\nb = 2\r\n", expected: "{a=1,b=2}"),
        Case(toml: "\u{FEFF}a = 1", expected: "{a=1}"),
        // Keys: bare, quoted, dotted, whitespace around dots, digits.
        Case(toml: "bare-key_1 = 1\n1234 = 2", expected: "{bare-key_1=1,1234=2}"),
        Case(toml: "\"quoted key\" = 1\n'literal.key' = 2", expected: "{quoted key=1,literal.key=2}"),
        Case(toml: "\"\" = 1", expected: "{=1}"),
        Case(toml: "a.b.c = 1\na.b.d = 2\na . e = 3", expected: "{a={b={c=1,d=2},e=3}}"),
        Case(toml: "site.\"google.com\" = true", expected: "{site={google.com=true}}"),
        Case(toml: "3.14159 = \"pi\"", expected: "{3={14159=\"pi\"}}"),
        // Basic strings and escapes.
        Case(toml: #"s = "tab\there, quote \" backslash \\""#, expected: #"{s="tab\there, quote \" backslash \\"}"#),
        Case(toml: #"s = "\u00E9\U0001F600\b\f\r""#, expected: "{s=\"é😀\u{8}\u{C}\r\"}"),
        Case(toml: "s = \"ünï\"", expected: "{s=\"ünï\"}"),
        // Literal strings: no escapes.
        Case(toml: #"s = 'C:\Users\nodejs'"#, expected: #"{s="C:\\Users\\nodejs"}"#),
        // Multi-line basic: first newline trimmed, line-ending backslash, quotes inside and at the end.
        Case(toml: "s = \"\"\"\nRoses\nViolets\"\"\"", expected: #"{s="Roses\nViolets"}"#),
        Case(toml: "s = \"\"\"\nThe quick \\\n\n    brown \\   \n  fox\"\"\"", expected: #"{s="The quick brown fox"}"#),
        Case(toml: "s = \"\"\"Here are two quotes: \"\". Simple.\"\"\"", expected: #"{s="Here are two quotes: \"\". Simple."}"#),
        Case(toml: "s = \"\"\"\"This,\" she said.\"\"\"\"\"", expected: #"{s="\"This,\" she said.\"\""}"#),
        Case(toml: "s = \"\"\"a\\tb\"\"\"", expected: #"{s="a\tb"}"#),
        Case(toml: "s = \"\"\"\r\nx\r\ny\"\"\"", expected: #"{s="x\ny"}"#),
        // Multi-line literal.
        Case(toml: "s = '''\nThe first newline is\ntrimmed \\n raw.'''", expected: #"{s="The first newline is\ntrimmed \\n raw."}"#),
        Case(toml: "s = ''''That,' she said.'''''", expected: "{s=\"'That,' she said.''\"}"),
        // Integers.
        Case(toml: "a = +99\nb = 42\nc = 0\nd = -17\ne = -0\nf = +0", expected: "{a=99,b=42,c=0,d=-17,e=0,f=0}"),
        Case(toml: "a = 1_000\nb = 5_349_221\nc = 1_2_3", expected: "{a=1000,b=5349221,c=123}"),
        Case(toml: "a = 0xDEAD_BEEF\nb = 0xdeadbeef\nc = 0o755\nd = 0b1101_0110", expected: "{a=3735928559,b=3735928559,c=493,d=214}"),
        Case(toml: "max = 9223372036854775807\nmin = -9223372036854775808", expected: "{max=9223372036854775807,min=-9223372036854775808}"),
        // Floats.
        Case(toml: "a = +1.0\nb = 3.1415\nc = -0.01", expected: "{a=1.0,b=3.1415,c=-0.01}"),
        Case(toml: "a = 5e+22\nb = 1e06\nc = -2E-2\nd = 6.626e-34", expected: "{a=5e+22,b=1000000.0,c=-0.02,d=6.626e-34}"),
        Case(toml: "a = 224_617.445_991", expected: "{a=224617.445991}"),
        Case(toml: "a = inf\nb = +inf\nc = -inf\nd = nan\ne = +nan\nf = -nan", expected: "{a=inf,b=inf,c=-inf,d=nan,e=nan,f=nan}"),
        Case(toml: "a = 0.0\nb = -0.0\nc = 0e0", expected: "{a=0.0,b=-0.0,c=0.0}"),
        // Booleans.
        Case(toml: "t = true\nf = false", expected: "{t=true,f=false}"),
        // Arrays: mixed, nested, multi-line, comments, trailing comma, empty.
        Case(toml: "a = []\nb = [ 1, 2, 3 ]\nc = [\"x\", 'y', 1.5, true]", expected: "{a=[],b=[1,2,3],c=[\"x\",\"y\",1.5,true]}"),
        Case(toml: "a = [\n  1, # one\n  2,\n  # nothing\n]", expected: "{a=[1,2]}"),
        Case(toml: "a = [[1, 2], [\"a\"], []]", expected: "{a=[[1,2],[\"a\"],[]]}"),
        Case(toml: "a = [ { x = 1 }, { y = 2 } ]", expected: "{a=[{x=1},{y=2}]}"),
        // Inline tables, including dotted keys and nesting.
        Case(toml: "p = { x = 1, y = 2 }\ne = {}", expected: "{p={x=1,y=2},e={}}"),
        Case(toml: "p = { type.name = \"pug\", a = { b = [1] } }", expected: "{p={type={name=\"pug\"},a={b=[1]}}}"),
        // Tables: headers, nesting, implicit parents, a parent defined after its child, sub-tables of dotted tables.
        Case(toml: "[a]\nx = 1\n[b]\ny = 2", expected: "{a={x=1},b={y=2}}"),
        Case(toml: "[ a . \"b c\" . 'd' ]\nx = 1", expected: "{a={b c={d={x=1}}}}"),
        Case(toml: "[x.y.z.w]\n[x]\na = 1", expected: "{x={y={z={w={}}},a=1}}"),
        Case(toml: "[fruit]\napple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true", expected: "{fruit={apple={color=\"red\",texture={smooth=true}}}}"),
        Case(toml: "top = 1\n[t]\nk = 2", expected: "{top=1,t={k=2}}"),
        // Arrays of tables, with sub-tables and nested arrays going into the last element.
        Case(toml: "[[rank]]\nname = \"a\"\n[[rank]]\n[[rank]]\nname = \"c\"", expected: "{rank=[{name=\"a\"},{},{name=\"c\"}]}"),
        Case(
            toml: "[[fruits]]\nname = \"apple\"\n[fruits.physical]\ncolor = \"red\"\n[[fruits.varieties]]\nname = \"red delicious\"\n[[fruits.varieties]]\nname = \"granny smith\"\n[[fruits]]\nname = \"banana\"",
            expected: "{fruits=[{name=\"apple\",physical={color=\"red\"},varieties=[{name=\"red delicious\"},{name=\"granny smith\"}]},{name=\"banana\"}]}"),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) throws {
        let document = try TOMLDocument(parsing: testCase.toml)
        #expect(TOMLRendering.render(document.root) == testCase.expected)
    }

    @Test func keepsKeysInDocumentOrder() throws {
        let document = try TOMLDocument(parsing: "zeta = 1\nalpha = 2\n[mid]\n[beta]")
        #expect(document.root.keys == ["zeta", "alpha", "mid", "beta"])
    }

    @Test func accessorsAnswerOnlyForTheirKind() throws {
        let document = try TOMLDocument(parsing: "i = 3\nf = 0.5\ns = 'x'\nb = true\na = [1]\nt = {}")
        let root = document.root
        #expect(root["i"]?.integer == 3)
        #expect(root["i"]?.number == 3.0)
        #expect(root["f"]?.number == 0.5)
        #expect(root["f"]?.integer == nil)
        #expect(root["s"]?.string == "x")
        #expect(root["s"]?.number == nil)
        #expect(root["b"]?.boolean == true)
        #expect(root["a"]?.array?.count == 1)
        #expect(root["t"]?.table == TOMLTable(entries: [], at: SourcePosition(line: 6, column: 5)))
        #expect(["i", "f", "s", "b", "a", "t"].compactMap { root[$0]?.typeName } == ["integer", "float", "string", "boolean", "array", "table"])
        #expect(root["missing"] == nil)
    }
}
