/// Text that came from a client (an application id, a stream's `application.name`, a process
/// binary, a method's argument): the one place that says which of its characters may deceive a
/// reader, for the agent that refuses them and for everything that shows such text to people.
///
/// Deceptive are control characters (C0, DEL, C1: a terminal runs `ESC ]` and `ESC [` sequences, a
/// newline forges a row), line and paragraph separators, bidirectional controls (text that reads
/// otherwise than it is stored: U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) and
/// zero-width characters (two ids that look the same: U+200B to U+200D, U+2060, U+FEFF).
///
/// ```swift
/// UntrustedText.firstDeceptiveScalar(in: "org.example.\u{202E}spaM")   // U+202E
/// UntrustedText.displayable("\u{1B}]0;pwned\u{07}")                   // "\x1B]0;pwned\x07"
/// UntrustedText.excerpt(String(repeating: "x", count: 1 << 20))      // 200 x, then "… (cut from 1048576 bytes)"
/// ```
public enum UntrustedText {
    /// Whether `scalar` is a control, separator, bidirectional or zero-width character.
    public static func isDeceptive(_ scalar: Unicode.Scalar) -> Bool {
        kind(of: scalar) != nil
    }

    /// The first deceptive character of `text`, or `nil` when it has none.
    public static func firstDeceptiveScalar(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isDeceptive)
    }

    /// What kind of deceptive character `scalar` is, for an error message: `a control character`,
    /// `a bidirectional control`, `a zero-width character` or `a line separator`; `nil` for any other.
    public static func kind(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: "a control character"
        case 0x2028, 0x2029: "a line separator"
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: "a bidirectional control"
        case 0x200B...0x200D, 0x2060, 0xFEFF: "a zero-width character"
        default: nil
        }
    }

    /// `U+202E`: how messages name a character.
    public static func codePoint(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
