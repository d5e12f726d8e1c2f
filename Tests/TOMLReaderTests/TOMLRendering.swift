import TOMLReader

/// A compact, type-revealing rendering of a parsed tree, so a table of documents can state the
/// expected result in one line: integers `42`, floats `0.5` (always with a point or exponent),
/// strings in double quotes with `\n` and `\"` escaped, arrays `[...]`, tables `{k=v,...}` in key order.
enum TOMLRendering {
    static func render(_ table: TOMLTable) -> String {
        "{" + table.entries.map { "\($0.key)=\(render($0.value))" }.joined(separator: ",") + "}"
    }

    static func render(_ value: TOMLValue) -> String {
        switch value.kind {
        case .string(let text):
            let escaped = text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\n": "\\n"
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\t": "\\t"
                default: String(scalar)
                }
            }
            return "\"" + escaped.joined() + "\""
        case .integer(let number): return String(number)
        case .float(let number): return number.isNaN ? "nan" : number.description
        case .boolean(let flag): return String(flag)
        case .array(let elements): return "[" + elements.map(render).joined(separator: ",") + "]"
        case .table(let table): return render(table)
        }
    }
}
