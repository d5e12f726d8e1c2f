/// Percent-encoding for journal fields and file names: keeps every field a single token that
/// holds no space, newline or control character, whatever a device or module argument contains.
enum FieldEncoding {
    /// Encodes every byte outside printable ASCII, and `%` itself, as `%XX`; spaces too, since
    /// they separate fields.
    static func encodeField(_ text: String) -> String {
        encode(text) { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") }
    }

    /// Encodes everything but letters, digits, `_` and `-`, so the result is a safe file name
    /// (never `.`, `..` or a path).
    static func encodeFileName(_ text: String) -> String {
        encode(text) { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
    }

    /// Decodes `%XX` escapes; `nil` for a malformed escape or invalid UTF-8.
    static func decode(_ field: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = field.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func encode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        var result = ""
        for byte in text.utf8 {
            if keep(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hexDigits(byte)
            }
        }
        return result
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
