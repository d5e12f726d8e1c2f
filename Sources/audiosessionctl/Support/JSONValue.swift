import AudioSessionContract

/// A JSON value written by hand (the tool links no Foundation): objects keep their key order, so
/// output is stable line by line.
enum JSONValue {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The value on one line, strings escaped as RFC 8259 requires.
    var text: String {
        switch self {
        case .string(let string): Self.quoted(string)
        case .number(let number): number.isFinite ? "\(number)" : "null"
        case .integer(let integer): "\(integer)"
        case .bool(let bool): bool ? "true" : "false"
        case .null: "null"
        case .array(let values): "[" + values.map(\.text).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { Self.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // Beyond what RFC 8259 requires, every character that could drive a terminal or hide
            // text (C1 controls, bidirectional and zero-width ones) is written as an escape too.
            case _ where scalar.value < 0x20 || UntrustedText.isDeceptive(scalar):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
