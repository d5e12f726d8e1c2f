/// One part of a (possibly dotted) key as written, with where it is written.
struct KeyPart {
    var name: String
    var position: SourcePosition

    /// The part as a person would write it: bare when it can be, quoted otherwise.
    var displayName: String { KeyPart.display(name) }

    /// A name as messages show it: quoted unless bare, and cut to ``maximumDisplayLength``
    /// characters so a megabyte-long key cannot make a megabyte-long message.
    static func display(_ name: String) -> String {
        let isBare = !name.isEmpty && name.utf8.allSatisfy(\.isBareKeyByte)
        let shown = abbreviated(name)
        return isBare ? shown : "\"\(shown)\""
    }

    /// A dotted key as messages show it; past ``maximumDisplayedParts`` parts it ends with `…`.
    static func display(_ parts: [KeyPart]) -> String {
        let shown = parts.prefix(maximumDisplayedParts).map(\.displayName).joined(separator: ".")
        return parts.count > maximumDisplayedParts ? shown + ".…" : shown
    }

    static let maximumDisplayLength = 64
    static let maximumDisplayedParts = 8

    /// The first ``maximumDisplayLength`` characters of `text`, with `…` when it is longer.
    static func abbreviated(_ text: String) -> String {
        let head = text.prefix(maximumDisplayLength)
        return head.endIndex == text.endIndex ? text : String(head) + "…"
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
