/// One part of a (possibly dotted) key as written, with where it is written.
struct KeyPart {
    var name: String
    var position: SourcePosition

    /// The part as a person would write it: bare when it can be, quoted otherwise.
    var displayName: String { KeyPart.display(name) }

    static func display(_ name: String) -> String {
        let isBare = !name.isEmpty && name.utf8.allSatisfy(\.isBareKeyByte)
        return isBare ? name : "\"\(name)\""
    }

    static func display(_ parts: [KeyPart]) -> String {
        parts.map(\.displayName).joined(separator: ".")
    }
}

extension UInt8 {
    /// A-Z a-z 0-9 _ -: the characters of a bare key.
    var isBareKeyByte: Bool {
        switch self {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    var isDecimalDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    var isHexDigit: Bool {
        isDecimalDigit || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "f"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "F"))
    }
}
