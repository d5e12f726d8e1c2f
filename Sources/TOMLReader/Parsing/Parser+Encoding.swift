// TOML files are UTF-8: a byte that is not is refused where it stands, never replaced.
extension Parser {
    /// Throws at the first byte that does not belong to well-formed UTF-8 (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF).
    func requireUTF8() throws(TOMLError) {
        guard let offset = Self.firstInvalidUTF8Byte(in: bytes) else { return }
        var line = 1
        var lineStart = 0
        for (cursor, byte) in bytes[..<offset].enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = cursor + 1
        }
        var column = 1
        for byte in bytes[lineStart..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        let hex = String(bytes[offset], radix: 16, uppercase: true)
        throw TOMLError(
            "invalid UTF-8 at byte 0x\(hex.count == 1 ? "0" : "")\(hex); a TOML file must be encoded in UTF-8",
            at: SourcePosition(line: line, column: column))
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (a stray
    /// continuation byte, or a lead whose sequence is cut short or out of range).
    static func firstInvalidUTF8Byte(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The allowed range of the second byte depends on the lead; the rest are 80...BF.
            let length: Int
            let second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return index
            }
            guard index + 1 < bytes.count, second.contains(bytes[index + 1]) else { return index }
            for offset in 2..<length where index + offset >= bytes.count || bytes[index + offset] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
