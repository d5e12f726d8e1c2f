// Values: the dispatch on the first character, arrays, inline tables, booleans.
extension Parser {
    /// Reads the value after `=` (or an array element); `key` names it in messages.
    mutating func parseValue(forKey key: String) throws(TOMLError) -> TOMLValue {
        let start = position
        switch peek() {
        case UInt8(ascii: "\""):
            let isMultiLine = peek(offset: 1) == UInt8(ascii: "\"") && peek(offset: 2) == UInt8(ascii: "\"")
            let text = isMultiLine ? try parseMultiLineBasicString() : try parseBasicString()
            return TOMLValue(.string(text), at: start)
        case UInt8(ascii: "'"):
            let isMultiLine = peek(offset: 1) == UInt8(ascii: "'") && peek(offset: 2) == UInt8(ascii: "'")
            let text = isMultiLine ? try parseMultiLineLiteralString() : try parseLiteralString()
            return TOMLValue(.string(text), at: start)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard depth <= Self.maximumDepth else {
                throw error(
                    "values are nested more than \(Self.maximumDepth) deep (tables, dotted keys, arrays and inline tables count together)")
            }
            return peek() == UInt8(ascii: "[") ? try parseArray(forKey: key) : try parseInlineTable()
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            if let boolean = matchBoolean() { return TOMLValue(.boolean(boolean), at: start) }
            throw unexpectedValue(forKey: key)
        case let byte? where byte.isDecimalDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "i") || byte == UInt8(ascii: "n"):
            return try parseNumber()
        default:
            throw unexpectedValue(forKey: key)
        }
    }

    private func unexpectedValue(forKey key: String) -> TOMLError {
        error("expected a value for '\(key)' (string, number, boolean, array or inline table), found \(describeHere())")
    }

    private mutating func matchBoolean() -> Bool? {
        for (word, value) in [("true", true), ("false", false)] {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else { continue }
            // `trueish` is not `true` followed by garbage: it is an unknown word.
            if let after = peek(offset: utf8.count), after.isBareKeyByte { return nil }
            index += utf8.count
            return value
        }
        return nil
    }

    /// `[1, 2, 3]`, across lines, with comments and an optional trailing comma.
    private mutating func parseArray(forKey key: String) throws(TOMLError) -> TOMLValue {
        let start = position
        index += 1
        depth += 1
        defer { depth -= 1 }
        var elements: [TOMLValue] = []
        while true {
            try skipWhitespaceCommentsAndNewlines()
            if peek() == UInt8(ascii: "]") {
                index += 1
                return TOMLValue(.array(elements), at: start)
            }
            guard peek() != nil else { throw unterminatedArray(key, at: start) }
            elements.append(try parseValue(forKey: "\(key)[\(elements.count)]"))
            try skipWhitespaceCommentsAndNewlines()
            switch peek() {
            case nil:
                throw unterminatedArray(key, at: start)
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                return TOMLValue(.array(elements), at: start)
            default:
                throw error("expected ',' or ']' in the array '\(key)', found \(describeHere())")
            }
        }
    }

    private func unterminatedArray(_ key: String, at start: SourcePosition) -> TOMLError {
        error("unterminated array '\(key)': expected ']' before end of file", at: start)
    }

    /// `{ a = 1, b.c = 2 }`: on one line, no trailing comma, closed for good once read.
    private mutating func parseInlineTable() throws(TOMLError) -> TOMLValue {
        let start = position
        index += 1
        let table = TableBuilder(origin: .root, position: start, depth: depth)
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return TOMLValue(.table(table.build()), at: start)
        }
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                throw error("a trailing comma is not allowed in an inline table")
            }
            if isAtEndOfLine { throw unterminatedInlineTable(at: start) }
            try parseKeyValue(into: table, path: "")
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                return TOMLValue(.table(table.build()), at: start)
            case _ where isAtEndOfLine:
                throw unterminatedInlineTable(at: start)
            default:
                throw error("expected ',' or '}' in an inline table, found \(describeHere())")
            }
        }
    }

    /// An inline table must close on the line it opens.
    private func unterminatedInlineTable(at start: SourcePosition) -> TOMLError {
        error("unterminated inline table: expected '}' before end of line", at: start)
    }

    private var isAtEndOfLine: Bool {
        guard let byte = peek() else { return true }
        return byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
