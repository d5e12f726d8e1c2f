extension UntrustedText {
    /// `text` safe to print on a terminal or in a table row: every deceptive character is written
    /// as an escape people can read (`\x1B`, `\n`, `\u{202E}`), everything else is kept.
    ///
    /// ```swift
    /// UntrustedText.displayable("evil\nfake-line")     // #"evil\nfake-line"#: one line, a backslash and an n
    /// UntrustedText.displayable("Music")               // "Music"
    /// ```
    public static func displayable(_ text: String) -> String {
        guard firstDeceptiveScalar(in: text) != nil else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            result += escaped(scalar)
        }
        return result
    }

    /// One character as ``displayable(_:)`` writes it.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        guard isDeceptive(scalar) else { return String(Character(scalar)) }
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            if scalar.value < 0x100 { return "\\x" + (hex.count < 2 ? "0" : "") + hex }
            return "\\u{" + hex + "}"
        }
    }
}
