// Integers (decimal, hex, octal, binary), floats, and the date-times this reader declines.
extension Parser {
    mutating func parseNumber() throws(TOMLError) -> TOMLValue {
        let start = position
        let begin = index
        while let byte = peek(), byte.isBareKeyByte || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: ":")
        {
            index += 1
        }
        let token = String(decoding: bytes[begin..<index], as: UTF8.self)
        if Self.looksLikeDateOrTime(bytes[begin..<index]) {
            throw error("dates and times are not supported (found '\(token)'); write the value as a string", at: start)
        }
        guard let kind = Self.number(from: token) else {
            throw error("invalid number '\(token)': \(Self.explainInvalidNumber(token))", at: start)
        }
        return TOMLValue(kind, at: start)
    }

    /// `1979-05-27`, `07:32:00`: four digits and a dash, or two digits and a colon.
    static func looksLikeDateOrTime(_ token: ArraySlice<UInt8>) -> Bool {
        let head = Array(token.prefix(5))
        if head.count == 5, head[0..<4].allSatisfy(\.isDecimalDigit), head[4] == UInt8(ascii: "-") { return true }
        if head.count >= 3, head[0..<2].allSatisfy(\.isDecimalDigit), head[2] == UInt8(ascii: ":") { return true }
        return false
    }

    /// The value of a number token, or `nil` when TOML does not allow it.
    static func number(from token: String) -> TOMLValue.Kind? {
        var body = Substring(token)
        var sign = ""
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        switch body {
        case "inf": return .float(sign == "-" ? -Double.infinity : Double.infinity)
        case "nan": return .float(Double.nan)
        default: break
        }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where body.hasPrefix(prefix) {
            // Only decimal numbers may carry a sign.
            guard token.first != "+", token.first != "-" else { return nil }
            let digits = body.dropFirst(2)
            guard let cleaned = digitsWithoutUnderscores(digits, radix: radix) else { return nil }
            return Int64(cleaned, radix: radix).map { .integer($0) }
        }
        if body.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            return float(sign: sign, body: body)
        }
        guard let cleaned = digitsWithoutUnderscores(body, radix: 10), !hasLeadingZero(cleaned) else { return nil }
        return Int64(sign + cleaned).map { .integer($0) }
    }

    private static func float(sign: String, body: Substring) -> TOMLValue.Kind? {
        let exponentIndex = body.firstIndex { $0 == "e" || $0 == "E" }
        let mantissa = body[..<(exponentIndex ?? body.endIndex)]
        var cleaned = sign
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let integerPart = digitsWithoutUnderscores(parts[0], radix: 10),
            !hasLeadingZero(integerPart)
        else { return nil }
        cleaned += integerPart
        if parts.count == 2 {
            guard let fraction = digitsWithoutUnderscores(parts[1], radix: 10) else { return nil }
            cleaned += "." + fraction
        }
        if let exponentIndex {
            var exponent = body[body.index(after: exponentIndex)...]
            var exponentSign = ""
            if let first = exponent.first, first == "+" || first == "-" {
                exponentSign = String(first)
                exponent = exponent.dropFirst()
            }
            guard let exponentDigits = digitsWithoutUnderscores(exponent, radix: 10) else { return nil }
            cleaned += "e" + exponentSign + exponentDigits
        }
        return Double(cleaned).map { .float($0) }
    }

    /// The digits with underscores removed, or `nil` when an underscore is not between two digits
    /// or a character is not a digit of `radix`.
    private static func digitsWithoutUnderscores(_ text: Substring, radix: Int) -> String? {
        guard let first = text.first, let last = text.last, first != "_", last != "_", !text.contains("__") else {
            return nil
        }
        let digits = text.filter { $0 != "_" }
        guard digits.allSatisfy({ $0.isASCII && $0.hexDigitValue.map { $0 < radix } == true }) else { return nil }
        return String(digits)
    }

    private static func hasLeadingZero(_ digits: String) -> Bool {
        digits.count > 1 && digits.first == "0"
    }

    /// Why a number token was refused, for the message.
    static func explainInvalidNumber(_ token: String) -> String {
        let body = token.drop { $0 == "+" || $0 == "-" }
        if body.hasPrefix("0x") || body.hasPrefix("0o") || body.hasPrefix("0b") {
            if token.first == "+" || token.first == "-" { return "hexadecimal, octal and binary integers cannot have a sign" }
            return "expected digits of the base after '\(body.prefix(2))', with '_' only between digits, fitting in 64 bits"
        }
        if body.contains("__") || body.hasPrefix("_") || body.hasSuffix("_") || body.contains("_.") || body.contains("._") {
            return "'_' is allowed only between digits"
        }
        if body.hasSuffix(".") || body.contains(".e") || body.contains(".E") { return "expected digits after '.'" }
        if body.hasPrefix(".") { return "expected digits before '.'" }
        if body.count > 1, body.first == "0", body.dropFirst().first?.isNumber == true { return "leading zeros are not allowed" }
        if body.isEmpty { return "expected digits after the sign" }
        if body.allSatisfy({ $0.isNumber || $0 == "_" }) { return "does not fit in a 64-bit signed integer" }
        return "expected an integer (42, 0x2A, 0o52, 0b101010) or a float (0.3, 1e-3, inf, nan)"
    }
}
