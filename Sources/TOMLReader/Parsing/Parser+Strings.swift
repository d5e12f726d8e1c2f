// The four kinds of string: basic, literal, and their multi-line forms.
extension Parser {
    /// `"..."` with escapes, on one line.
    mutating func parseBasicString() throws(TOMLError) -> String {
        let start = position
        index += 1
        var output: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("unterminated string: expected '\"' before end of file", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: output, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &output)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("unterminated string: expected '\"' before end of line", at: start)
            case let control where control.isForbiddenControl:
                throw error("control character \(Self.codePoint(control)) must be escaped in a string")
            default:
                output.append(byte)
                index += 1
            }
        }
    }

    /// `'...'`, taken as written, on one line.
    mutating func parseLiteralString() throws(TOMLError) -> String {
        let start = position
        index += 1
        let begin = index
        while true {
            guard let byte = peek() else { throw error("unterminated string: expected \"'\" before end of file", at: start) }
            switch byte {
            case UInt8(ascii: "'"):
                let text = String(decoding: bytes[begin..<index], as: UTF8.self)
                index += 1
                return text
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("unterminated string: expected \"'\" before end of line", at: start)
            case let control where control.isForbiddenControl:
                throw error("control character \(Self.codePoint(control)) is not allowed in a literal string")
            default:
                index += 1
            }
        }
    }

    /// `"""..."""`: escapes, newlines kept, a backslash at the end of a line joins it to the next.
    mutating func parseMultiLineBasicString() throws(TOMLError) -> String {
        let start = position
        index += 3
        try skipNewlineAfterOpeningDelimiter()
        var output: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("unterminated string: expected '\"\"\"' before end of file", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                if try closeMultiLine(quote: byte, into: &output) {
                    return String(decoding: output, as: UTF8.self)
                }
            case UInt8(ascii: "\\"):
                if isLineEndingBackslash() {
                    index += 1
                    while let next = peek(),
                        next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r")
                    {
                        if next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") { index += 1 } else { try consumeNewline() }
                    }
                } else {
                    try parseEscape(into: &output)
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try consumeNewline()
                output.append(UInt8(ascii: "\n"))
            case let control where control.isForbiddenControl:
                throw error("control character \(Self.codePoint(control)) must be escaped in a string")
            default:
                output.append(byte)
                index += 1
            }
        }
    }

    /// `'''...'''`: taken as written, newlines kept.
    mutating func parseMultiLineLiteralString() throws(TOMLError) -> String {
        let start = position
        index += 3
        try skipNewlineAfterOpeningDelimiter()
        var output: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("unterminated string: expected \"'''\" before end of file", at: start) }
            switch byte {
            case UInt8(ascii: "'"):
                if try closeMultiLine(quote: byte, into: &output) {
                    return String(decoding: output, as: UTF8.self)
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try consumeNewline()
                output.append(UInt8(ascii: "\n"))
            case let control where control.isForbiddenControl:
                throw error("control character \(Self.codePoint(control)) is not allowed in a literal string")
            default:
                output.append(byte)
                index += 1
            }
        }
    }

    /// A newline right after `"""` or `'''` is not part of the string.
    private mutating func skipNewlineAfterOpeningDelimiter() throws(TOMLError) {
        if peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") { try consumeNewline() }
    }

    /// At a quote inside a multi-line string: up to two quotes are content, three close the string,
    /// and one or two more right before the closing three belong to the content (`""""a""""`).
    private mutating func closeMultiLine(quote: UInt8, into output: inout [UInt8]) throws(TOMLError) -> Bool {
        var run = 0
        while peek(offset: run) == quote { run += 1 }
        if run < 3 {
            output.append(contentsOf: repeatElement(quote, count: run))
            index += run
            return false
        }
        guard run <= 5 else {
            index += 5
            throw error("too many quotes at the end of a multi-line string; escape them")
        }
        output.append(contentsOf: repeatElement(quote, count: run - 3))
        index += run
        return true
    }

    /// A backslash followed only by whitespace up to the end of the line.
    private func isLineEndingBackslash() -> Bool {
        var offset = 1
        while let byte = peek(offset: offset), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { offset += 1 }
        let next = peek(offset: offset)
        return next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r")
    }

    /// `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`.
    private mutating func parseEscape(into output: inout [UInt8]) throws(TOMLError) {
        let start = position
        index += 1
        guard let letter = peek() else { throw error("unterminated string: expected an escape after '\\' before end of file", at: start) }
        index += 1
        switch letter {
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = letter == UInt8(ascii: "u") ? 4 : 8
            let digits = bytes[index..<min(index + count, bytes.count)]
            let letterText = letter == UInt8(ascii: "u") ? "u" : "U"
            guard digits.count == count, digits.allSatisfy(\.isHexDigit),
                let code = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
            else {
                throw error("invalid escape '\\\(letterText)': expected \(count) hexadecimal digits", at: start)
            }
            guard let scalar = Unicode.Scalar(code) else {
                let text = String(decoding: digits, as: UTF8.self)
                throw error("'\\\(letterText)\(text)' is not a Unicode scalar value", at: start)
            }
            index += count
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            var end = index
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            let shown = String(decoding: bytes[(index - 1)..<end], as: UTF8.self)
            throw error(
                "invalid escape '\\\(shown)' in string; expected one of \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX",
                at: start)
        }
    }
}
